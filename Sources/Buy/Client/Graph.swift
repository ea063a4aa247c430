/// The network layer of `Buy`: the client that sends Storefront queries and mutations, its tasks,
/// retry handling, cache policies and errors. A namespace only; it has no cases.
public enum Graph {}
