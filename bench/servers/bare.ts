/** The yardstick: a bare Fastify JSON route, measured in the same run as the product's routes. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${(app.server.address() as { port: number }).port}`);
