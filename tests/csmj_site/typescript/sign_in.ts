// A phone app signs its user in (OAuth 2, authorization code with PKCE S256) and reads
// who they are, typed by what openapi-typescript generates from docs/openapi.yaml
// (tests/csmj_site/test_typescript_sign_in.py checks it with tsc --noEmit --strict).
import type { components, paths } from "./api";

type Me = paths["/api/v1/me/"]["get"]["responses"][200]["content"]["application/json"];
type Scope = components["schemas"]["Scope"];
type Role = components["schemas"]["Role"];

// RFC 7636: the challenge is BASE64URL(SHA256(verifier)) without padding.
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export function authorizeUrl(
  site: string,
  clientId: string,
  redirectUri: string,
  challenge: string,
  state: string,
  scopes: Scope[],
): string {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    scope: scopes.join(" "),
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  return `${site}/oauth/authorize/?${query}`;
}

export async function whoAmI(site: string, accessToken: string): Promise<Me> {
  const answer = await fetch(`${site}/api/v1/me/`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  return (await answer.json()) as Me;
}

// Whether the app may offer "record a round" in a club: the user's role there, and the
// scopes the app was allowed (null: a personal token, all the user's roles).
export function mayRecord(me: Me, clubSlug: string): boolean {
  const recorders: Role[] = ["owner", "organiser", "recorder"];
  const club = me.clubs.find((c) => c.slug === clubSlug);
  const scopes: Scope[] = me.scopes ?? ["read", "record", "organise"];
  return club !== undefined && recorders.includes(club.role) && scopes.includes("record");
}

export function myPlayers(me: Me): string[] {
  return me.players.map((p) => `${p.club}/${p.display_name}`);
}
