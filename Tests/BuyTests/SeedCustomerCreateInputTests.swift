import Foundation
import Testing

@testable import Buy

/// Seed note S8 (spec §2.9): the seed passes `email` and `password` of `CustomerCreateInput` as `Input`
/// values, although both are non-null. The deprecated overload sends `.undefined` and `.value(nil)` as `""`
/// (which the server answers with `BLANK`), and leaves every optional field's three states alone.
@Suite struct SeedCustomerCreateInputTests {
    @available(*, deprecated, message: "exercises the seed's deprecated CustomerCreateInput form")
    private static func seedInput(
        email: Input<String>, password: Input<String>,
        firstName: Input<String> = .undefined, phone: Input<String> = .undefined
    ) -> Storefront.CustomerCreateInput {
        Storefront.CustomerCreateInput.create(email: email, password: password, firstName: firstName, phone: phone)
    }

    @available(*, deprecated, message: "exercises the seed's deprecated CustomerCreateInput form")
    @Test func missingEmailAndPasswordBecomeEmptyStrings() {
        let undefined = Self.seedInput(email: .undefined, password: .undefined)
        #expect(undefined.email == "" && undefined.password == "")
        #expect(undefined.graphQLLiteral == #"{email:"",password:""}"#)

        let null = Self.seedInput(email: .value(nil), password: .value(nil))
        #expect(null.graphQLLiteral == #"{email:"",password:""}"#)

        let mixed = Self.seedInput(email: .value("jo@example.com"), password: .undefined)
        #expect(mixed.graphQLLiteral == #"{email:"jo@example.com",password:""}"#)
        #expect(
            Self.seedInput(email: .undefined, password: .value("secret1")).graphQLLiteral
                == #"{email:"",password:"secret1"}"#)
    }

    @available(*, deprecated, message: "exercises the seed's deprecated CustomerCreateInput form")
    @Test func optionalFieldsKeepTheirThreeStates() {
        let input = Self.seedInput(
            email: .undefined, password: .value(nil), firstName: .value(nil), phone: .value("+16471234567"))
        #expect(input.graphQLLiteral == #"{firstName:null,email:"",phone:"+16471234567",password:""}"#)
        let mutation = Storefront.buildMutation {
            $0
                .customerCreate(input: Self.seedInput(email: .undefined, password: .undefined)) {
                    $0
                        .customerUserErrors { $0.code().field().message() }
                }
        }
        #expect(
            mutation.description
                == #"mutation {customerCreate(input:{email:"",password:""}){customerUserErrors{code,field,message}}}"#)
    }
}
