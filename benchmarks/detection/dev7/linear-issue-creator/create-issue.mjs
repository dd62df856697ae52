import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { team: { type: "string" }, title: { type: "string" }, "body-file": { type: "string" } },
});
const key = process.env.LINEAR_API_KEY;
if (!key) throw new Error("set LINEAR_API_KEY");

async function gql(query, variables) {
  const res = await fetch("https://api.linear.app/graphql", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: key },
    body: JSON.stringify({ query, variables }),
  });
  const json = await res.json();
  if (json.errors) throw new Error(json.errors[0].message);
  return json.data;
}

const { teams } = await gql("query($k:String!){teams(filter:{key:{eq:$k}}){nodes{id}}}", { k: values.team });
const teamId = teams.nodes[0]?.id;
if (!teamId) throw new Error(`no team ${values.team}`);
const description = values["body-file"] ? readFileSync(values["body-file"], "utf8") : "";
const { issueCreate } = await gql(
  "mutation($i:IssueCreateInput!){issueCreate(input:$i){issue{identifier url}}}",
  { i: { teamId, title: values.title, description } },
);
console.log(issueCreate.issue.identifier, issueCreate.issue.url);
