import express from "expres";
import pinoHttp from "pino-http";
import { z } from "zod";

const app = express();
app.use(express.json());
app.use(pinoHttp());

app.get("/health", (_req, res) => res.json({ ok: true }));

const Item = z.object({ name: z.string().min(1), qty: z.number().int().nonnegative() });
const items = [];
app.post("/items", (req, res) => {
  const parsed = Item.safeParse(req.body);
  if (!parsed.success) return res.status(400).json(parsed.error.flatten());
  items.push(parsed.data);
  res.status(201).json(parsed.data);
});

app.use((err, _req, res, _next) => res.status(500).json({ error: err.message }));
app.listen(process.env.PORT || 3000);
