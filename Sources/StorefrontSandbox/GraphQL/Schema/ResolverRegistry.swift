import GraphQL

/// Resolves one field: `source` is the parent value, `args` the coerced arguments. `info` is `nil` when the
/// synchronous query executor (``QueryExecutor``) runs the field: it builds no library resolve info.
typealias FieldResolver =
    @Sendable (
        _ source: any Sendable, _ args: Map, _ context: StorefrontRequestContext,
        _ info: GraphQLResolveInfo?
    ) throws -> (any Sendable)?

/// Resolvers by `Type.field` (spec §5.3). Anything not registered reads a ``GraphObject`` key or falls back.
struct ResolverRegistry: Sendable {
    private(set) var resolvers: [String: FieldResolver] = [:]
    /// `Type.field` of every resolver that may write: it polls a pending computation and may advance it (spec
    /// §5.14). A query that selects one runs on the writer (``OperationWrites``).
    private(set) var pollingFields: Set<String> = []
    /// Root types whose unregistered fields answer ``StorefrontFieldError/notEmulated(type:field:version:)``
    /// instead of the §5.3 fallback, and the API version named in that error (2026-04: no silent `null`).
    var strictRootTypes: (names: Set<String>, version: String)?

    mutating func on(_ type: String, _ field: String, _ resolver: @escaping FieldResolver) {
        resolvers["\(type).\(field)"] = resolver
    }

    /// Makes `Type.field` answer what `Type.source` answers (a field a later version renamed or retyped).
    mutating func alias(_ type: String, _ field: String, to source: String) {
        if let resolver = resolvers["\(type).\(source)"] { resolvers["\(type).\(field)"] = resolver }
    }

    /// Registers a field of a record type: the resolver receives the parent already cast.
    mutating func on<Source: Sendable>(
        _ type: String, _ field: String, as: Source.Type,
        _ resolver: @escaping @Sendable (Source, Map, StorefrontRequestContext) throws -> (any Sendable)?
    ) {
        on(type, field) { source, args, context, _ in
            guard let typed = source as? Source else { return nil }
            return try resolver(typed, args, context)
        }
    }

    /// Registers a field whose resolver polls a pending computation (see ``pollingFields``).
    mutating func onPolling<Source: Sendable>(
        _ type: String, _ field: String, as source: Source.Type,
        _ resolver: @escaping @Sendable (Source, Map, StorefrontRequestContext) throws -> (any Sendable)?
    ) {
        pollingFields.insert("\(type).\(field)")
        on(type, field, as: source, resolver)
    }

    /// The full set of Storefront resolvers.
    static let storefront: ResolverRegistry = {
        var registry = ResolverRegistry()
        registry.registerQueryRoot()
        registry.registerShop()
        registry.registerCatalog()
        registry.registerCart()
        registry.registerCustomer()
        registry.registerOrder()
        registry.registerCartMutations()
        registry.registerCustomerMutations()
        registry.registerCheckout()
        registry.registerPayment()
        registry.registerCheckoutMutations()
        registry.registerCheckoutLineItemMutations()
        registry.registerCheckoutCompletionMutations()
        registry.registerCheckoutCustomerMutations()
        registry.registerCheckoutDiscountMutations()
        registry.registerCheckoutFreeCompletion()
        registry.registerCartDetailMutations()
        registry.registerCustomerActivationMutations()
        registry.registerLocalization()
        registry.registerContent()
        registry.registerStoreInfo()
        registry.registerDiscovery()
        return registry
    }()

    /// The executable resolver of `Type.field` for GraphQLSwift: ``syncResolver(typeName:fieldName:type:mutationTypeName:)``
    /// behind the library's signature. A field ``QueryExecutor`` already resolved before handing the request over
    /// answers its recorded outcome instead of resolving again (``ResolvedFields``).
    func resolver(typeName: String, fieldName: String, type: GraphQLOutputType, mutationTypeName: String)
        -> GraphQLFieldResolve
    {
        let resolve = syncResolver(
            typeName: typeName, fieldName: fieldName, type: type, mutationTypeName: mutationTypeName)
        let standIn = NullListEntry.standIn(for: type)
        let mayHoldPlaceholders = NullListEntry.mayHoldPlaceholders(type)
        return { source, args, context, info in
            // Below a placeholder for a null list entry nothing is resolved; the writer drops it anyway.
            if source is NullListEntry { return standIn }
            guard let context = context as? StorefrontRequestContext else {
                throw StorefrontFieldError.notImplemented(type: typeName, field: fieldName)
            }
            let value: (any Sendable)?
            if let recorded = context.resolvedFields?.outcome(at: info.path.elements) {
                value = try recorded.get()
            } else {
                value = try resolve(source, args, context, info)
            }
            if mayHoldPlaceholders { NullListEntry.notePlaceholders(in: value, at: info, context) }
            return value
        }
    }

    /// The resolver of `Type.field` as both executors call it: the registered one with the §5.3 fallback
    /// and the C7 guard (no resolver failure ever becomes a 5xx; every error it throws is a
    /// ``StorefrontFieldError``).
    func syncResolver(typeName: String, fieldName: String, type: GraphQLOutputType, mutationTypeName: String)
        -> FieldResolver
    {
        let registered = resolvers["\(typeName).\(fieldName)"]
        let fallback: @Sendable () throws -> (any Sendable)?
        if let strict = strictRootTypes, strict.names.contains(typeName) {
            let error = StorefrontFieldError.notEmulated(type: typeName, field: fieldName, version: strict.version)
            fallback = { throw error }
        } else {
            fallback = Self.fallback(
                typeName: typeName, fieldName: fieldName, type: type,
                isMutation: typeName == mutationTypeName)
        }
        return { source, args, context, info in
            do {
                if let registered { return try registered(source, args, context, info) }
                if let object = source as? GraphObject, let entry = object.fields[fieldName] {
                    if let cursor = entry as? Connection.DeferredCursor { return cursor.encoded }
                    return entry
                }
                return try fallback()
            } catch let error as StorefrontFieldError {
                throw error
            } catch {
                throw StorefrontFieldError.internalError(requestID: context.requestID)
            }
        }
    }

    /// Nullable → `null`; non-null list → `[]`; non-null connection → empty page; anything else → C8.
    private static func fallback(
        typeName: String, fieldName: String, type: GraphQLOutputType,
        isMutation: Bool
    ) -> @Sendable () throws -> (any Sendable)? {
        if isMutation { return { throw StorefrontFieldError.notImplemented(type: typeName, field: fieldName) } }
        guard let nonNull = type as? GraphQLNonNull else { return { nil } }
        if nonNull.ofType is GraphQLList { return { [(any Sendable)?]() } }
        if let named = nonNull.ofType as? GraphQLObjectType, named.name.hasSuffix("Connection") {
            let edgeName = String(named.name.dropLast("Connection".count)) + "Edge"
            return { Connection.empty(connectionType: named.name, edgeType: edgeName) }
        }
        return { throw StorefrontFieldError.notImplemented(type: typeName, field: fieldName) }
    }
}
