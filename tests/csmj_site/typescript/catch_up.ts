// An offline-first app catches up after a day away: it pages through its club's changes
// feed from the cursor it kept, and re-reads only the sessions the changes name, typed by
// what openapi-typescript generates from docs/openapi.yaml
// (tests/csmj_site/test_typescript_catch_up.py checks it with tsc --noEmit --strict).
import type { components, paths } from "./api";

type Page =
  paths["/api/v1/clubs/{club_slug}/changes/"]["get"]["responses"][200]["content"]["application/json"];
type Change = components["schemas"]["Change"];
type Kind = components["schemas"]["ChangeKindEnum"];

export async function changesSince(
  site: string,
  token: string,
  club: string,
  cursor: string | null,
): Promise<{ changes: Change[]; cursor: string | null }> {
  const changes: Change[] = [];
  let next = cursor;
  for (;;) {
    const query = new URLSearchParams({ limit: "500" });
    if (next !== null) query.set("cursor", next);
    const answer = await fetch(`${site}/api/v1/clubs/${club}/changes/?${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const page = (await answer.json()) as Page;
    changes.push(...page.changes);
    next = page.next_cursor;
    if (!page.has_more) return { changes, cursor: next };
  }
}

// The sessions whose rounds or state changed: the ones to read again.
export function sessionsToReread(changes: Change[]): number[] {
  const touched: Kind[] = ["round.record", "round.correct", "round.void", "session.finish"];
  const ids = changes
    .filter((c) => touched.includes(c.kind))
    .map((c) => c.session)
    .filter((id): id is number => id !== null && id !== undefined);
  return [...new Set(ids)];
}
