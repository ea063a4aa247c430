extension GraphQL {
    /// A directive attached to an operation, rendered as `@name` followed by its argument text.
    open class AbstractDirective: CustomStringConvertible {
        /// The directive name without `@`.
        public let name: String
        /// The rendered argument list including parentheses, or `nil` for none.
        public let args: String?

        /// Creates a directive; `args` is used verbatim.
        public init(name: String, args: String?) {
            self.name = name
            self.args = args
        }

        /// `@` + name + arguments.
        public var description: String { "@" + name + (args ?? "") }
    }
}
