// A phone app's use of the types openapi-typescript generates from docs/openapi.yaml
// (tests/csmj_site/test_typescript_client.py checks it with tsc --noEmit --strict).
import type { components, paths } from "./api";

type Schemas = components["schemas"];
type Rounds = paths["/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/"];
type RecordBody = NonNullable<Rounds["post"]["requestBody"]>["content"]["application/json"];
type Recorded = Rounds["post"]["responses"][201]["content"]["application/json"];
type Conflict = Rounds["post"]["responses"][409]["content"]["application/json"];
type Correct = paths["/api/v1/clubs/{club_slug}/sessions/{session_id}/rounds/{number}/correct/"];
type CorrectBody = NonNullable<Correct["post"]["requestBody"]>["content"]["application/json"];

// A round recorded: a winner given by tiles alone needs no hands.
export const body: RecordBody = {
  dealer: 0,
  number: 1,
  midgame: [{ seat: 2, hands: ["zhongtu_sixi"], birds: [3, 7] }],
  result: {
    kind: "discard",
    winners: [{ seat: 2, tiles: "11133366677799p", win_tile: "9p" }],
    discarder: 0,
    birds: [3, 7],
  },
};

// What the answer tells the app: the next dealer, each transfer's event and arithmetic.
export function nextDealer(round: Recorded): number {
  return round.result.next_dealer;
}

export function midgameChips(round: Recorded): number {
  return round.result.transfers
    .filter((t) => t.event === "midgame")
    .reduce((sum, t) => sum + t.amount, 0);
}

// A transfer's detail is one variant per event: a win's, a kong's or a penalty's.
export function bigWinPayers(round: Recorded): number[] {
  return round.result.transfers
    .filter((t) => "class" in t.detail && t.detail.class === "big")
    .map((t) => t.from);
}

export function kongPoints(round: Recorded): number {
  let points = 0;
  for (const t of round.result.transfers) {
    const detail: Schemas["TransferDetail"] = t.detail;
    if ("kong_points" in detail) {
      const kind: Schemas["KongKind"] = detail.kind;
      points += kind === "an" ? detail.kong_points : 0;
    }
  }
  return points;
}

// A correction posts the round as it was read.
export function correction(round: Recorded): CorrectBody {
  return round.data;
}

// A correction of exactly the version read: its ETag goes back as If-Match (412 if stale).
type CorrectHeaders = NonNullable<Correct["post"]["parameters"]["header"]>;
type Stale = Correct["post"]["responses"][412]["content"]["application/json"];
export function correctionHeaders(round: Recorded): CorrectHeaders {
  return { "If-Match": `"${round.version}"`, "Idempotency-Key": `correct-${round.id}` };
}
export function staleVersion(answer: Stale): boolean {
  return answer.errors.some((e) => e.code === "precondition_failed");
}

// An error code is an open string: a code added later still type-checks.
export const laterCode: Schemas["ErrorItem"]["code"] = "a_code_added_later";

// The hands a stored winner carries (filled in when the tiles were given alone).
export function winnerHands(round: Schemas["Round"]): Schemas["FinalHandCode"][] {
  return round.data.result.winners?.flatMap((w) => w.hands ?? []) ?? [];
}

// A 409 names its code from the catalogue.
export function refusedBecauseFinished(answer: Conflict): boolean {
  return answer.errors.some((e) => e.code === "session_finished");
}

// @ts-expect-error: an event outside the enum does not type-check
export const bogus: Schemas["TransferEvent"] = "bogus";
