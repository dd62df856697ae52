import Fastify from "fastify";

const app = Fastify({ logger: true });
app.get("/healthz", async () => ({ ok: true }));
app.listen({ port: Number(process.env.PORT ?? __PORT__), host: "0.0.0.0" });
