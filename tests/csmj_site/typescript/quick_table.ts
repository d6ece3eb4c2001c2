// 快速开桌 from a phone app without an account: it opens a table (POST /api/v1/tables/,
// with an Idempotency-Key so that a retry opens no second table), keeps the table's key,
// turns a spoken sentence into a round (POST /api/v1/parse/) and records it at the table
// with the key, then reads the table's totals, typed by what openapi-typescript generates
// from docs/openapi.yaml (tests/csmj_site/test_typescript_quick_table.py checks it with
// tsc --noEmit --strict).
import type { components, paths } from "./api";

type Opening = paths["/api/v1/tables/"]["post"]["requestBody"]["content"]["application/json"];
type Opened = paths["/api/v1/tables/"]["post"]["responses"][201]["content"]["application/json"];
type Said = components["schemas"]["ParsedSentence"];
type Record = components["schemas"]["RoundCreateRequest"];
type Table = components["schemas"]["Table"];

export async function openTable(site: string, names: string[], retryKey: string): Promise<Opened> {
  const body: Opening = { names, ruleset: "changsha-67", first_dealer: 0 };
  const answer = await fetch(`${site}/api/v1/tables/`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": retryKey },
    body: JSON.stringify(body),
  });
  return (await answer.json()) as Opened;
}

export async function recordSpoken(
  site: string,
  table: Opened,
  names: string[],
  dealer: number,
  number: number,
  text: string,
): Promise<Table | string[]> {
  const said = (await (
    await fetch(`${site}/api/v1/parse/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text, players: names, dealer }),
    })
  ).json()) as Said;
  if (said.problems.length > 0) return said.problems.map((p) => p.message);
  const { ruleset: _rules, ...round } = said.round as Record & { ruleset?: unknown };
  const body: Record = { ...round, number };
  const bearer = { Authorization: `Bearer ${table.key}` };
  await fetch(`${site}/api/v1/tables/${table.id}/rounds/`, {
    method: "POST",
    headers: { ...bearer, "Content-Type": "application/json", "Idempotency-Key": `r${number}` },
    body: JSON.stringify(body),
  });
  const read = await fetch(`${site}/api/v1/tables/${table.id}/`, { headers: bearer });
  return (await read.json()) as Table;
}

// The table's standing, best first: each seat's name and total.
export function standing(table: Table): string[] {
  return [...table.seats]
    .sort((a, b) => b.total - a.total || a.seat - b.seat)
    .map((s) => `${s.name} ${s.total > 0 ? "+" : ""}${s.total}`);
}
