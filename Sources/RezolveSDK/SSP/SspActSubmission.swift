import Foundation

/// One answer of an act submission: a select's answer is `String(option.value)`, a date's is ISO 8601, a text
/// field's is its text.
public struct SspSubmissionAnswer: Sendable, Equatable, Codable {
    public let questionId: String
    public let answer: String

    public init(questionId: String, answer: String) {
        self.questionId = questionId
        self.answer = answer
    }
}

/// What ``SspActManager/submitAct(actId:actSubmission:)`` sends. Only the answers are required.
public struct SspActSubmission: Sendable, Equatable {
    public var userId: String?
    public var userName: String?
    public var personTitle: String?
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var phone: String?
    public var scanId: String?
    public var latitude: Double?
    public var longitude: Double?
    public var answers: [SspSubmissionAnswer]

    public init(userId: String? = nil, userName: String? = nil, personTitle: String? = nil, firstName: String? = nil,
                lastName: String? = nil, email: String? = nil, phone: String? = nil, scanId: String? = nil,
                latitude: Double? = nil, longitude: Double? = nil, answers: [SspSubmissionAnswer]) {
        self.userId = userId
        self.userName = userName
        self.personTitle = personTitle
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.scanId = scanId
        self.latitude = latitude
        self.longitude = longitude
        self.answers = answers
    }
}

/// The request body: the submission plus the session's `entityId` (a CommerceKit addition used for listing).
struct SspActSubmissionBody: Encodable {
    let submission: SspActSubmission
    let entityId: String?

    enum CodingKeys: String, CodingKey {
        case userId, userName, personTitle, firstName, lastName, email, phone, scanId, latitude, longitude, answers, entityId
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(submission.userId, forKey: .userId)
        try c.encodeIfPresent(submission.userName, forKey: .userName)
        try c.encodeIfPresent(submission.personTitle, forKey: .personTitle)
        try c.encodeIfPresent(submission.firstName, forKey: .firstName)
        try c.encodeIfPresent(submission.lastName, forKey: .lastName)
        try c.encodeIfPresent(submission.email, forKey: .email)
        try c.encodeIfPresent(submission.phone, forKey: .phone)
        try c.encodeIfPresent(submission.scanId, forKey: .scanId)
        try c.encodeIfPresent(submission.latitude, forKey: .latitude)
        try c.encodeIfPresent(submission.longitude, forKey: .longitude)
        try c.encode(submission.answers, forKey: .answers)
        try c.encodeIfPresent(entityId, forKey: .entityId)
    }
}

/// The stored submission (HTTP 201).
public struct SspActSubmissionResponse: Sendable, Equatable, Decodable {
    public let id: String
    public let actId: String
    public let entityId: String?
    public let createdAt: Date?
}

/// A stored submission as `GET /v1/submissions?entityId=` lists it.
public struct SspSubmissionRecord: Sendable, Equatable, Decodable {
    public let id: String
    public let actId: String
    public let entityId: String?
    public let createdAt: Date?
    public let answers: [SspSubmissionAnswer]
}
