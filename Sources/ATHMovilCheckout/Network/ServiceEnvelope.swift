import CommerceCore
import Foundation

/// Reads the payment service's envelope: `{"status":"success","data":…}` or
/// `{"status":"error","message":…,"errorcode":…}`.
enum ServiceEnvelope {
    /// The `data` of a successful reply, or the error that describes why there is none.
    static func data(from result: Result<HTTPResponse, TransportError>) -> Result<JSONValue, ATHMPaymentError> {
        switch result {
        case .failure(.cancelled):
            return .failure(ATHMPaymentError(code: .cancelled))
        case .failure(let error):
            return .failure(ATHMPaymentError(code: .network, serverMessage: error.description))
        case .success(let response):
            let body = try? JSONValue.parse(response.body)
            if response.isSuccess, body?["status"]?.stringValue == "success", let data = body?["data"], !data.isNull {
                return .success(data)
            }
            if let body, body["status"]?.stringValue == "error" || !response.isSuccess {
                return .failure(
                    ATHMPaymentError(
                        code: .server(errorcode: body["errorcode"]?.stringValue),
                        serverMessage: body["message"]?.stringValue, httpStatus: response.statusCode))
            }
            if !response.isSuccess {
                return .failure(ATHMPaymentError(code: .server(errorcode: nil), httpStatus: response.statusCode))
            }
            return .failure(ATHMPaymentError(code: .decoding, httpStatus: response.statusCode))
        }
    }
}
