#include "HandshakeFields.hpp"

#include "WireWords.hpp"

#include "speed/protocol/Auth.hpp"

// The fields of the handshake verbs (docs/PROTOCOL.md, sections 2 and 9).
namespace speed::protocol::wire {
namespace {

std::uint64_t readNonce(FieldReader& in, std::string_view what) {
    const std::string_view text = in.token(what);
    const auto nonce = nonceFromText(text);
    if (!in.failed() && !nonce) in.fail(DecodeError::BadWord, std::string(what) + " must be 16 lowercase hex digits: " + shown(text));
    return nonce.value_or(0);
}

// "-", "P" or a 16-hex proof (AUTH); "-" or a 16-hex cookie (COOKIE).
std::string readProof(FieldReader& in, std::string_view what, bool passwordMarkAllowed) {
    const std::string_view text = in.token(what);
    const bool mark = text == kNoField || (passwordMarkAllowed && text == "P");
    if (!in.failed() && !mark && !nonceFromText(text)) {
        in.fail(DecodeError::BadWord, std::string(what) + " must be -, P or 16 lowercase hex digits: " + shown(text));
    }
    return std::string(text);
}

// "-" or a session id: two nonces, 32 lowercase hex digits (RESUME).
std::string readSessionId(FieldReader& in) {
    const std::string_view text = in.token("RESUME");
    const bool valid = text == kNoField || (text.size() == 32 && nonceFromText(text.substr(0, 16)) && nonceFromText(text.substr(16)));
    if (!in.failed() && !valid) in.fail(DecodeError::BadWord, "RESUME must be - or 32 lowercase hex digits: " + shown(text));
    return std::string(text);
}

} // namespace

// A HELLO of another version is read no further than the fields every version keeps (VERSION
// NAME NONCE): the host answers it with DENY VERSION and its nonce, whatever else it holds.
// PAD (HELLO's and FIND's last field): one or more x, so that no answer is larger; its length.
std::size_t readPad(FieldReader& in) {
    const std::string_view pad = in.token("PAD");
    if (!in.failed() && pad.find_first_not_of(kPadChar) != std::string_view::npos) in.fail(DecodeError::BadPayload, "PAD must be x characters");
    return pad.size();
}

MessageBody readHello(FieldReader& in) {
    Hello hello;
    hello.version = in.smallNumber("VERSION", 9999);
    hello.name = in.word("NAME");
    hello.nonce = readNonce(in, "NONCE");
    if (!in.failed() && hello.version != kProtocolVersion) {
        in.skipRest();
        return hello;
    }
    hello.auth = readProof(in, "AUTH", true);
    hello.cookie = readProof(in, "COOKIE", false);
    hello.resume = readSessionId(in);
    hello.heldGame = in.number("GAME");
    hello.heldRevision = in.number("REV");
    hello.resumeProof = readProof(in, "RPROOF", false);
    if (!in.failed() && hello.resumeProof != kNoField && (hello.resume == kNoField || hello.cookie == kNoField)) {
        in.fail(DecodeError::BadPayload, "RPROOF comes only with RESUME and COOKIE");
    }
    hello.padChars = readPad(in);
    return hello;
}

MessageBody readChallenge(FieldReader& in) {
    Challenge challenge;
    challenge.nonce = readNonce(in, "NONCE");
    challenge.cookie = readProof(in, "COOKIE", false);
    if (!in.failed() && challenge.cookie == kNoField) in.fail(DecodeError::BadWord, "CHALLENGE needs a COOKIE");
    return challenge;
}

MessageBody readWelcome(FieldReader& in) {
    Welcome welcome;
    welcome.version = in.smallNumber("VERSION", 9999);
    welcome.name = in.word("NAME");
    welcome.nonce = readNonce(in, "NONCE");
    welcome.proof = in.word("PROOF");
    if (!in.failed() && welcome.proof.size() != kTagChars) in.fail(DecodeError::BadWord, "PROOF must be 16 characters");
    welcome.game = in.number("GAME");
    welcome.clockMs = in.number("CLOCK");
    return welcome;
}

// A DENY of another version is read as far as the fields every version keeps (NONCE REASON
// VERSION): whatever its reason, the two programs speak different versions.
MessageBody readDeny(FieldReader& in) {
    Deny deny;
    deny.nonce = readNonce(in, "NONCE");
    const auto reason = enumOf<DenyReason>(kDenyWords, in.token("REASON"));
    deny.version = in.smallNumber("VERSION", 9999);
    if (!in.failed() && deny.version != kProtocolVersion) {
        in.skipRest();
        deny.reason = DenyReason::Version;
        return deny;
    }
    if (!in.failed() && !reason) in.fail(DecodeError::BadWord, "DENY's REASON is not a known one");
    deny.reason = reason.value_or(DenyReason::Busy);
    return deny;
}

// Like HELLO's, FIND's VERSION NONCE come first in every version; a finder of another version is
// answered all the same (its player sees that the host speaks another one).
MessageBody readFind(FieldReader& in) {
    Find find;
    find.version = in.smallNumber("VERSION", 9999);
    find.nonce = readNonce(in, "NONCE");
    if (!in.failed() && find.version != kProtocolVersion) {
        in.skipRest();
        return find;
    }
    find.padChars = readPad(in);
    return find;
}

// A HERE of another version keeps VERSION NONCE NAME: the finder lists the host as one it cannot
// join.
MessageBody readHere(FieldReader& in) {
    Here here;
    here.version = in.smallNumber("VERSION", 9999);
    here.nonce = readNonce(in, "NONCE");
    here.name = in.word("NAME");
    if (!in.failed() && here.version != kProtocolVersion) {
        in.skipRest();
        return here;
    }
    const auto state = enumOf<HostState>(kHostStateWords, in.token("STATE"));
    if (!in.failed() && !state) in.fail(DecodeError::BadWord, "HERE's STATE must be WAITING or BUSY");
    here.state = state.value_or(HostState::Waiting);
    const std::string_view auth = in.token("AUTH");
    if (!in.failed() && auth != kPasswordMark && auth != kNoField) in.fail(DecodeError::BadWord, "HERE's AUTH must be P or -");
    here.passwordNeeded = auth == kPasswordMark;
    here.rules = in.rules("RULES");
    here.hostId = readNonce(in, "HOSTID");
    return here;
}

} // namespace speed::protocol::wire
