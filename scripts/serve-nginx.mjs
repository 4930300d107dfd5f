#!/usr/bin/env node
/**
 * Serves a build with Debian's nginx on loopback, the way production serves it: the build's
 * own _hosting/nginx.conf inside a server block. The prefix (config, pid, logs, temp) lives in
 * a temporary directory removed on exit. Stops by itself after --max-seconds. nginx's error
 * log (warnings and worse) goes to that directory, or to --error-log, which outlives the run so
 * tests can read it.
 *
 *   node scripts/serve-nginx.mjs [--root dist] [--port 4323] [--max-seconds 3600] [--error-log file] [--tls]
 *
 * --tls serves HTTPS with HTTP/2 on a self-signed certificate made for the run with openssl, as
 * production does behind its own certificate (npm run bench measures it that way).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4323' },
    'max-seconds': { type: 'string', default: '3600' },
    'error-log': { type: 'string' },
    tls: { type: 'boolean', default: false },
  },
});
const root = resolve(values.root);
const siteConfig = join(root, '_hosting', 'nginx.conf');
if (!existsSync(siteConfig)) {
  console.error(`serve-nginx: ${siteConfig} is missing; run the build first`);
  process.exit(1);
}
const brotli = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
if (!existsSync(brotli)) {
  console.error('serve-nginx: the brotli_static module is missing; apt-get install libnginx-mod-http-brotli-static');
  process.exit(1);
}

const prefix = mkdtempSync(join(tmpdir(), 'kaia-nginx-'));
const config = join(prefix, 'nginx.conf');
// --tls: HTTPS with HTTP/2 on a certificate made for this run, as production serves the site
// (docs/deploy.md: listen 443 ssl http2); browsers must be told to accept the certificate.
let tls = '';
if (values.tls) {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      join(prefix, 'key.pem'),
      '-out',
      join(prefix, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  if (made.status !== 0) {
    console.error('serve-nginx: openssl could not make a certificate for --tls');
    process.exit(1);
  }
  tls = ` ssl http2;\n    ssl_certificate ${join(prefix, 'cert.pem')};\n    ssl_certificate_key ${join(prefix, 'key.pem')}`;
}
const errorLog = values['error-log'] ? resolve(values['error-log']) : join(prefix, 'error.log');
writeFileSync(
  config,
  `load_module ${brotli};
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  types { application/manifest+json webmanifest; text/calendar ics; }
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${values.port}${tls};
    server_name localhost;
    root ${root};
    include ${siteConfig};
  }
}
`,
);

const nginx = spawn('nginx', ['-c', config, '-p', prefix, '-e', errorLog], { stdio: 'inherit' });
// Fast shutdown (SIGTERM): a test harness should not wait for idle keep-alive connections.
const stop = () => {
  if (nginx.exitCode === null) nginx.kill('SIGTERM');
};
const timer = setTimeout(stop, Number(values['max-seconds']) * 1000);
timer.unref();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
nginx.on('exit', (code) => {
  rmSync(prefix, { recursive: true, force: true });
  process.exit(code ?? 0);
});
console.log(`serve-nginx: http://127.0.0.1:${values.port}/ serving ${root}`);
