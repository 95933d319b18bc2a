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
entity User in [Group] {
  email?: String,
  phone?: String,
  subject?: String,
};
entity Group in [Group];
entity Bucket;
entity Record in [Bucket] {
  state: String,
  storyline: String,
  submitter?: String,
};
entity Page;
entity Desk;

action read appliesTo { principal: User, resource: [Bucket, Record] };
action file appliesTo { principal: User, resource: Bucket };
// edge is the name of the move being taken.
action move appliesTo { principal: User, resource: Record, context: { edge: String } };
// from is the state the submitter moves the record out of.
action self appliesTo { principal: User, resource: Record, context: { edge: String, from: String } };
action upload appliesTo { principal: User, resource: Bucket };
action invite appliesTo { principal: User, resource: Group };
action suggest appliesTo { principal: User, resource: Page };
action open appliesTo { principal: User, resource: [Page, Desk] };
`
