import type {
  CheckBody,
  ForgotPasswordBody,
  LoginBody,
  LogoutBody,
  ResetPasswordBody,
  SignupBody,
  VerifyBody,
} from '@portal/contract/auth';
import { API } from '@portal/contract/paths';
import { postJson } from './client';

/** The spec's account calls (section 7). */
export const login = (body: LoginBody) => postJson(API.login, body, 'login');
export const signup = (body: SignupBody) => postJson(API.signup, body, 'signup');
export const requestPasswordReset = (body: ForgotPasswordBody) => postJson(API.forgotPassword, body, 'successMessage');
export const resetPassword = (body: ResetPasswordBody) => postJson(API.resetPassword, body, 'successMessage');
export const verifyEmail = (body: VerifyBody) => postJson(API.verify, body, 'successMessage');
export const checkSession = (body: CheckBody) => postJson(API.check, body, 'check');
export const logout = (body: LogoutBody) => postJson(API.logout, body, 'logout');
