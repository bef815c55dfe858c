import { runServer } from '@rian/kit/server';
import { buildGateway } from './app.js';
import { readConfig } from './config.js';

const config = readConfig();
await runServer(() => buildGateway(config), { host: config.HOST, port: config.PORT });
