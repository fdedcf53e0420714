import {
  type CheckBody,
  CheckResponseSchema,
  type ForgotPasswordBody,
  type LoginBody,
  LoginResponseSchema,
  type LogoutBody,
  LogoutResponseSchema,
  type ResetPasswordBody,
  type SignupBody,
  SignupResponseSchema,
  SuccessMessageSchema,
  type VerifyBody,
} from '@portal/contract/auth';
import { API } from '@portal/contract/paths';
import { postJson } from './client';

/** The spec's account calls (section 7). */
export const login = (body: LoginBody) => postJson(API.login, body, LoginResponseSchema);
export const signup = (body: SignupBody) => postJson(API.signup, body, SignupResponseSchema);
export const requestPasswordReset = (body: ForgotPasswordBody) =>
  postJson(API.forgotPassword, body, SuccessMessageSchema);
export const resetPassword = (body: ResetPasswordBody) => postJson(API.resetPassword, body, SuccessMessageSchema);
export const verifyEmail = (body: VerifyBody) => postJson(API.verify, body, SuccessMessageSchema);
export const checkSession = (body: CheckBody) => postJson(API.check, body, CheckResponseSchema);
export const logout = (body: LogoutBody) => postJson(API.logout, body, LogoutResponseSchema);
