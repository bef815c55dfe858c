/** A small fetch client for the system tests, which talk to a real gateway over a port. */

/** What the tests read from an answer: a problem, or one of the services' shapes. */
export interface Body {
  id?: string;
  status?: string;
  token?: string;
  code?: string;
  detail?: string;
  outcome?: string;
  user?: { id: string; email: string; status: string; membershipCodes: string[]; nickname: string | null };
  staff?: { username: string; role: string };
  order?: { id: string; reference: string };
  facebook?: unknown;
  social?: unknown;
  items?: { id: string; field: string; reference?: string; status?: string }[];
  errors?: { field: string; message: string }[];
  [other: string]: unknown;
}

export interface Reply<B = Body> {
  status: number;
  body: B;
  /** the auth.refresh cookie the answer set, if any */
  cookie: string | undefined;
}

export interface CallOptions {
  token?: string;
  cookie?: string;
  /** Idempotency-Key */
  key?: string;
}

export async function request<B = Body>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  opts: CallOptions = {},
): Promise<Reply<B>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.cookie ? { cookie: `auth.refresh=${opts.cookie}` } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text ? JSON.parse(text) : undefined) as B,
    cookie: /auth\.refresh=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1],
  };
}
