const host = process.env.GITLAB_HOST ?? "gitlab.com";
const token = process.env.GITLAB_TOKEN;
if (!token) {
  console.error("set GITLAB_TOKEN");
  process.exit(2);
}

type Self = { name: string; scopes: string[]; expires_at: string | null; active: boolean; user_id: number };

const res = await fetch(`https://${host}/api/v4/personal_access_tokens/self`, {
  headers: { "PRIVATE-TOKEN": token },
});
if (res.status === 401) {
  console.log("token rejected: revoked, expired or wrong host");
  process.exit(1);
}
const self = (await res.json()) as Self;
const days = self.expires_at ? Math.round((Date.parse(self.expires_at) - Date.now()) / 86_400_000) : Infinity;
console.log(`name:    ${self.name}`);
console.log(`active:  ${self.active}`);
console.log(`scopes:  ${self.scopes.join(", ")}`);
console.log(`expires: ${self.expires_at ?? "never"}${Number.isFinite(days) ? ` (${days} days)` : ""}`);
