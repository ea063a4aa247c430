import Buy
import Foundation
import Testing

/// Spec §6.1: the exact text of whole client documents (checkout, customer, search and cart).
@Suite struct DocumentSerializationTests {
    @available(*, deprecated, message: "exercises the deprecated API on purpose")
    @Test func checkoutFlowDocuments() throws {
        let q14 = Storefront.buildMutation {
            $0
                .checkoutCreate(
                    input: .create(
                        lineItems: .value([
                            .create(variantId: GraphQL.ID(rawValue: "mFyaWFu"), quantity: 5),
                            .create(variantId: GraphQL.ID(rawValue: "8vc2hGl"), quantity: 3),
                        ]))
                ) { $0.checkout { $0.id() }.userErrors { $0.field().message() } }
        }
        #expect(
            q14.description
                == #"mutation {checkoutCreate(input:{lineItems:[{quantity:5,variantId:"mFyaWFu"},{quantity:3,variantId:"8vc2hGl"}]}){checkout{id},userErrors{field,message}}}"#
        )
        let q15 = Storefront.buildMutation {
            $0
                .checkoutEmailUpdate(checkoutId: "Y2hlY2tvdXQ", email: "john.smith@gmail.com") {
                    $0.checkout { $0.id() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q15.description
                == #"mutation {checkoutEmailUpdate(checkoutId:"Y2hlY2tvdXQ",email:"john.smith@gmail.com"){checkout{id},userErrors{field,message}}}"#
        )
        #expect(
            SpecDocuments.q16().description
                == #"query {node(id:"Y2hlY2tvdXQ"){__typename,... on Checkout{id,availableShippingRates{ready,shippingRates{handle,price,title}}}}}"#
        )
        let q17 = Storefront.buildQuery {
            $0
                .node(id: "Y2hlY2tvdXQ") {
                    $0.onCheckout {
                        $0
                            .id().ready()
                            .totalDuties { $0.amount().currencyCode() }
                            .totalTaxV2 { $0.amount().currencyCode() }
                            .totalPriceV2 { $0.amount().currencyCode() }
                    }
                }
        }
        #expect(
            q17.description
                == #"query {node(id:"Y2hlY2tvdXQ"){__typename,... on Checkout{id,ready,totalDuties{amount,currencyCode},totalTaxV2{amount,currencyCode},totalPriceV2{amount,currencyCode}}}}"#
        )
        let q18 = Storefront.buildQuery {
            $0
                .node(id: "NkZmFzZGZhc") {
                    $0.onCheckout { $0.order { $0.id().processedAt().orderNumber().totalPrice() } }
                }
        }
        #expect(
            q18.description
                == #"query {node(id:"NkZmFzZGZhc"){__typename,... on Checkout{order{id,processedAt,orderNumber,totalPrice}}}}"#
        )
        let q19 = Storefront.buildMutation {
            $0
                .checkoutShippingLineUpdate(checkoutId: "Y2hlY2tvdXQ", shippingRateHandle: "sandbox-standard-10.00") {
                    $0.checkout { $0.id() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q19.description
                == #"mutation {checkoutShippingLineUpdate(checkoutId:"Y2hlY2tvdXQ",shippingRateHandle:"sandbox-standard-10.00"){checkout{id},userErrors{field,message}}}"#
        )

        let amount = try #require(Decimal(string: "10.50"))
        let payment = Storefront.CreditCardPaymentInputV2.create(
            paymentAmount: .create(amount: amount, currencyCode: .usd), idempotencyKey: "k1",
            billingAddress: .create(
                address1: .value("80 Spadina Ave."), city: .value("Toronto"), country: .value("Canada"),
                province: .value("ON"), zip: .value("M5V 2J4")),
            vaultId: "vt_1")
        let q20 = Storefront.buildMutation {
            $0
                .checkoutCompleteWithCreditCardV2(checkoutId: "Y2hlY2tvdXQ", payment: payment) {
                    $0
                        .payment { $0.id().ready() }.checkout { $0.id().ready() }.checkoutUserErrors {
                            $0.code().field().message()
                        }
                }
        }
        #expect(
            q20.description
                == #"mutation {checkoutCompleteWithCreditCardV2(checkoutId:"Y2hlY2tvdXQ",payment:{paymentAmount:{amount:"10.5",currencyCode:USD},idempotencyKey:"k1",billingAddress:{address1:"80 Spadina Ave.",city:"Toronto",country:"Canada",province:"ON",zip:"M5V 2J4"},vaultId:"vt_1"}){payment{id,ready},checkout{id,ready},checkoutUserErrors{code,field,message}}}"#
        )

        let tokenized = Storefront.TokenizedPaymentInput.create(
            amount: try #require(Decimal(string: "295.89")), idempotencyKey: "k2",
            billingAddress: .create(city: .value("Toronto"), country: .value("Canada")),
            type: "apple_pay", paymentData: #"{"version":"EC_v1"}"#)
        let q21 = Storefront.buildMutation {
            $0
                .checkoutCompleteWithTokenizedPayment(checkoutId: "Y2hlY2tvdXQ", payment: tokenized) {
                    $0
                        .payment { $0.id().ready() }.checkout { $0.id().ready() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q21.description
                == #"mutation {checkoutCompleteWithTokenizedPayment(checkoutId:"Y2hlY2tvdXQ",payment:{amount:"295.89",idempotencyKey:"k2",billingAddress:{city:"Toronto",country:"Canada"},type:"apple_pay",paymentData:"{\"version\":\"EC_v1\"}"}){payment{id,ready},checkout{id,ready},userErrors{field,message}}}"#
        )
    }

    @available(*, deprecated)
    @Test func customerDocuments() {
        let create = Storefront.CustomerCreateInput.create(
            email: .value("john.smith@gmail.com"), password: .value("123456"),
            firstName: .value("John"), lastName: .value("Smith"), acceptsMarketing: .value(true))
        let q22 = Storefront.buildMutation {
            $0
                .customerCreate(input: create) {
                    $0.customer { $0.id().email().firstName().lastName() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q22.description
                == #"mutation {customerCreate(input:{firstName:"John",lastName:"Smith",email:"john.smith@gmail.com",password:"123456",acceptsMarketing:true}){customer{id,email,firstName,lastName},userErrors{field,message}}}"#
        )
        #expect(
            SpecDocuments.q23().description
                == #"mutation {customerUpdate(customerAccessToken:"tok",customer:{phone:null}){customer{phone}}}"#)
        let q24 = Storefront.buildMutation {
            $0
                .customerUpdate(
                    customerAccessToken: "tok", customer: Storefront.CustomerUpdateInput(phone: .value("+16471234567"))
                ) { $0.customer { $0.phone() } }
        }
        #expect(
            q24.description
                == #"mutation {customerUpdate(customerAccessToken:"tok",customer:{phone:"+16471234567"}){customer{phone}}}"#
        )
        let reset = Storefront.CustomerResetInput.create(resetToken: "c29tZSB0b2tlbiB2YWx1ZQ", password: "abc123")
        let q25 = Storefront.buildMutation {
            $0
                .customerReset(id: GraphQL.ID(rawValue: "YSBjdXN0b21lciBpZA"), input: reset) {
                    $0
                        .customer { $0.id().firstName().lastName() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q25.description
                == #"mutation {customerReset(id:"YSBjdXN0b21lciBpZA",input:{resetToken:"c29tZSB0b2tlbiB2YWx1ZQ",password:"abc123"}){customer{id,firstName,lastName},userErrors{field,message}}}"#
        )
        let address = Storefront.MailingAddressInput.create(
            address1: .value("80 Spadina Ave."), address2: .value("Suite 400"), city: .value("Toronto"),
            country: .value("Canada"),
            firstName: .value("John"), lastName: .value("Smith"), phone: .value("1-123-456-7890"),
            province: .value("ON"), zip: .value("M5V 2J4"))
        let q26 = Storefront.buildMutation {
            $0
                .customerAddressCreate(customerAccessToken: "tok", address: address) {
                    $0
                        .customerAddress { $0.id().address1().address2() }.userErrors { $0.field().message() }
                }
        }
        #expect(
            q26.description
                == #"mutation {customerAddressCreate(customerAccessToken:"tok",address:{address1:"80 Spadina Ave.",address2:"Suite 400",city:"Toronto",country:"Canada",firstName:"John",lastName:"Smith",phone:"1-123-456-7890",province:"ON",zip:"M5V 2J4"}){customerAddress{id,address1,address2},userErrors{field,message}}}"#
        )
    }

    @Test func searchAndCartDocuments() {
        let q27 = Storefront.buildQuery { $0.products(first: 10, query: "-tag:*") { $0.edges { $0.node { $0.id() } } } }
        #expect(q27.description == #"query {products(first:10,query:"-tag:*"){edges{node{id}}}}"#)
        #expect(
            SpecDocuments.q28().description
                == #"query {products(first:10,query:"updated_at:>\"2017-05-29T00:00:00Z\""){edges{node{id}}}}"#)
        let q29 = Storefront.buildMutation {
            $0
                .cartLinesAdd(
                    lines: [
                        .create(merchandiseId: "Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8xMQ==", quantity: .value(1))
                    ], cartId: "Y2FydA"
                ) {
                    $0
                        .cart { $0.id().lines(first: 10) { $0.edges { $0.node { $0.id().quantity() } } } }
                        .userErrors { $0.field().message().code() }
                }
        }
        #expect(
            q29.description
                == #"mutation {cartLinesAdd(lines:[{quantity:1,merchandiseId:"Z2lkOi8vc2hvcGlmeS9Qcm9kdWN0VmFyaWFudC8xMQ=="}],cartId:"Y2FydA"){cart{id,lines(first:10){edges{node{id,quantity}}}},userErrors{field,message,code}}}"#
        )
    }
}
