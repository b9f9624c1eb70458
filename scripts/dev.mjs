// npm run dev: the API with reload (tsx watch) and Vite with hot reload. Open http://localhost:5173;
// Vite proxies /api to the API, and the API's APP_URL is the Vite address so that origin checks
// pass and e-mailed links open the dev server.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const webUrl = process.env.DEV_WEB_URL ?? 'http://localhost:5173';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? webUrl, NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite', '--port', new URL(webUrl).port || '5173', '--strictPort'], { stdio: 'inherit', env: process.env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
