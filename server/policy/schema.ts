// The fixed vocabulary every policy is validated against: content compiled
// into policies and hand-written files under policy/ alike.
//
// Written in Cedar's human schema format rather than JSON because it is the
// text the docs can show authors verbatim, it reads like the policies it governs,
// and the Cedar CLI accepts it as is (`cedar validate --schema`), so an author
// can check a policy file offline against exactly this text.
//
// Types carry no namespace so policies say `Group::"caseworkers"`, not
// `Svc::Group::"caseworkers"`.

export const POLICY_SCHEMA = `
// A person; their parents are the groups from the claim plus active memberships.
// An anonymous visitor is User::"" with signedIn false and no other attribute:
// one principal type keeps every action open to visitors and people alike, and
// no subject, address or phone number can be empty, so the id is never a person's.
// email is lower case and phone is E.164, as the content's responsible people are.
// A visitor with a session who is not signed in is User::"" with their
// session's digest as session, so their own anonymous filings match.
entity User in [Group] {
  signedIn: Bool,
  email?: String,
  phone?: String,
  subject?: String,
  session?: String,
};
entity Group in [Group];
entity Bucket;
// submitter is the subject of a signed-in filer, never anything else; an
// anonymous filing has session, the digest of the session it came from.
entity Record in [Bucket] {
  state: String,
  storyline: String,
  submitter?: String,
  session?: String,
};
entity Page;
entity Desk;

action read appliesTo { principal: User, resource: [Bucket, Record] };
action file appliesTo { principal: User, resource: Bucket };
// edge is the name of the move being taken.
action move appliesTo { principal: User, resource: Record, context: { edge: String } };
// from is the state the submitter moves the record out of.
action self appliesTo { principal: User, resource: Record, context: { edge: String, from: String } };
// via is desk (staff, for a request) or self (the submitter).
action erase appliesTo { principal: User, resource: Record, context: { via: String } };
action upload appliesTo { principal: User, resource: Bucket };
action invite appliesTo { principal: User, resource: Group };
action suggest appliesTo { principal: User, resource: Page };
action open appliesTo { principal: User, resource: [Page, Desk] };
`

/** The actions POLICY_SCHEMA declares, the only ones a request may name. */
export const POLICY_ACTIONS = ['read', 'file', 'move', 'self', 'erase', 'upload', 'invite', 'suggest', 'open'] as const
export type ActionName = (typeof POLICY_ACTIONS)[number]
