// nginx in front of the portal, as docs/operations.md deploys it, for the tests and benchmarks that
// need the same path to the portal as a visitor's (Debian's package; scripts/lib/setup.mjs installs it).
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const nginxFound = () => existsSync(NGINX);

/**
 * Writes `dir/nginx.conf` with `http` holding the given blocks (upstreams, servers), and every file
 * nginx writes (log, pid, temporary bodies) kept in `dir`; starts nginx in the foreground.
 */
export function startNginx(dir: string, http: string): ChildProcess {
  mkdirSync(dir, { recursive: true });
  // nginx's workers run as another user when started by root; they must reach the config folder.
  chmodSync(dir, 0o755);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
error_log ${dir}/nginx-error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
${http}
}
`,
  );
  return spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
}
