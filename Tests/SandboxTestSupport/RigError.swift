/// A rig's reply that a test cannot go on from (a missing field, an unexpected status), with what it got.
package enum RigError: Error {
    case unexpected(String)
}
