/// The test credentials every sandbox starts with (sandbox-only placeholders, not real credentials), inserted by
/// `ATHMovilAccountStore.seed`.
enum ATHMovilSeedData {
    static let dummy = ATHMovilBusiness(
        number: "000000000", name: "Dummy Business", path: "dummy", industry: "OTHER",
        publicToken: "dummy", privateToken: "dummy-private")
    static let testStore = ATHMovilBusiness(
        number: "215070001", name: "CommerceKit Test Store", path: "ckteststore", industry: "COMPUTERS",
        publicToken: "sbx-pub-0000000000000000000000000000000000000001",
        privateToken: "sbx-prv-0000000000000000000000000000000000000001")
    static let customer = ATHMovilCustomer(
        name: "Ana Rivera", phoneNumber: "(787) 555-0101",
        email: "ana.rivera@example.com", pin: "1234")
}
