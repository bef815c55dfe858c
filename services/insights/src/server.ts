// first: tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) must patch http before anything loads it
import '@rian/kit/tracing-start';
import { runServer } from '@rian/kit/server';
import { buildApp } from './app.js';
import { readConfig } from './config.js';

const config = readConfig();
await runServer(() => buildApp(config), { host: config.HOST, port: config.PORT });
