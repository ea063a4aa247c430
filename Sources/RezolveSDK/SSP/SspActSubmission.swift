import Foundation

/// One answer of an act submission: a select's answer is `String(option.value)`, a date's is ISO 8601, a text
/// field's is its text.
public struct SspSubmissionAnswer: Sendable, Equatable, Codable {
    /// Id of the question or input block being answered.
    public let questionId: String
    /// The answer as text, in the form the summary above describes.
    public let answer: String

    /// Pairs a question id with its answer text.
    public init(questionId: String, answer: String) {
        self.questionId = questionId
        self.answer = answer
    }
}

/// What ``SspActManager/submitAct(actId:actSubmission:)`` sends. Only the answers are required.
public struct SspActSubmission: Sendable, Equatable {
    /// The app's own id for the user, if it has one.
    public var userId: String?
    /// The user's login or display name.
    public var userName: String?
    /// Title such as `Mr` or `Dr`.
    public var personTitle: String?
    /// The user's first name.
    public var firstName: String?
    /// The user's last name.
    public var lastName: String?
    /// The user's email address.
    public var email: String?
    /// The user's phone number as typed.
    public var phone: String?
    /// The resolution's scan id when the act came from an engagement; see ``SspAct/scanId``.
    public var scanId: String?
    /// Where the user was, in degrees; send with ``longitude`` or not at all.
    public var latitude: Double?
    /// Where the user was, in degrees; send with ``latitude`` or not at all.
    public var longitude: Double?
    /// The answers, usually ``Page/answers``.
    public var answers: [SspSubmissionAnswer]

    /// Creates a submission; everything but the answers is optional and left out of the body when nil.
    public init(
        userId: String? = nil, userName: String? = nil, personTitle: String? = nil, firstName: String? = nil,
        lastName: String? = nil, email: String? = nil, phone: String? = nil, scanId: String? = nil,
        latitude: Double? = nil, longitude: Double? = nil, answers: [SspSubmissionAnswer]
    ) {
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
        case userId, userName, personTitle, firstName, lastName, email, phone, scanId, latitude, longitude, answers,
            entityId
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
    /// Id the SSP gave the stored submission.
    public let id: String
    /// Id of the act that was answered.
    public let actId: String
    /// The session entity the submission was filed under; nil when none was sent.
    public let entityId: String?
    /// When the SSP stored it; nil when the reply has no time.
    public let createdAt: Date?
}

/// A stored submission as `GET /v1/submissions?entityId=` lists it.
public struct SspSubmissionRecord: Sendable, Equatable, Decodable {
    /// Id the SSP gave the stored submission.
    public let id: String
    /// Id of the act that was answered.
    public let actId: String
    /// The session entity the submission was filed under.
    public let entityId: String?
    /// When the SSP stored it; nil when the reply has no time.
    public let createdAt: Date?
    /// The answers as they were stored.
    public let answers: [SspSubmissionAnswer]
}
