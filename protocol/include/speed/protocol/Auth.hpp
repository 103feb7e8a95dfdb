#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// The link's cryptography, with libsodium: the keys of a session, the tag every session datagram
// carries, the host's stateless cookie and the password proofs. Pure functions of their inputs:
// the randomness (the nonces, the cookie secret) comes from the caller. docs/PROTOCOL.md,
// "Handshake and authentication", describes each construction.
namespace speed::protocol {

using Nonce = std::uint64_t; // one side's 64 random bits of the session id

inline constexpr std::size_t kKeyBytes = 32;
using Key = std::array<std::uint8_t, kKeyBytes>;

inline constexpr std::size_t kTagChars = 16;    // a datagram's tag: 96 bits in URL-safe base64
inline constexpr std::size_t kProofChars = 16;  // cookies and join proofs: 64 bits in hex

// The key a password stands for: Argon2id (libsodium's crypto_pwhash, interactive limits) over
// the password with the protocol's fixed salt. Slow on purpose (about a tenth of a second and
// 64 MiB): made once by the program, never per datagram. Empty when libsodium cannot (no memory).
std::optional<Key> derivePasswordKey(std::string_view password);

// One key per direction, from both sides' nonces and, when there is one, the password's key.
struct SessionKeys {
    Key hostToClient{};
    Key clientToHost{};
};
SessionKeys deriveSessionKeys(Nonce client, Nonce host, const std::optional<Key>& password);

// The tag of a datagram's line: keyed BLAKE2b, 96 bits, base64url without padding.
std::string tagOf(const Key& key, std::string_view line);
// `separator` and the tag of `line` appended to it, with no string made for the tag.
void appendTag(const Key& key, std::string& line, std::string_view separator);
bool tagMatches(const Key& key, std::string_view line, std::string_view tag); // in constant time

// The host's cookie for an address: keyed BLAKE2b of the address, a time bucket and the client's
// nonce under a secret of this process, 64 bits in hex. The host keeps no state per address.
std::string cookieFor(const Key& secret, std::string_view address, std::uint64_t bucket, Nonce client);

// A client's proof that it knows the password, tied to this attempt (its nonce, its cookie).
std::string joinProof(const Key& password, Nonce client, std::string_view cookie);
// The host's proof, in WELCOME, that it made the session keys (and so knows the password).
std::string welcomeProof(const SessionKeys& keys, Nonce client, Nonce host);

// What a returning client's HELLO says: this attempt (its new nonce, the host's cookie) and the
// game and revision it holds, so that nobody without the session's key can change them.
struct ResumeClaim {
    Nonce newClient = 0;
    std::string_view cookie;
    std::uint64_t heldGame = 0;
    std::uint64_t heldRevision = 0;
};
// A returning client's proof that it holds the keys of the session it comes back to (`keys`,
// made from that session's nonces and the password), tied to this attempt and what it holds.
std::string resumeProof(const SessionKeys& keys, const ResumeClaim& claim);

// speed-measure under a password: the key of its measurement tags, BLAKE2b-256 under the
// password's key over text("speed-measure-key"); and a measurement payload's tag, the first 12
// bytes of BLAKE2b-128 under that key over text("speed-measure-tag") text(line), in 24
// lowercase hex digits (a payload's fields are hex). `line` is the datagram from its verb to
// just before the tag.
inline constexpr std::size_t kMeasureTagChars = 24;
Key deriveMeasureKey(const Key& passwordKey);
std::string measureTagOf(const Key& measureKey, std::string_view line);
bool measureTagMatches(const Key& measureKey, std::string_view line, std::string_view tag); // constant time

bool sameText(std::string_view a, std::string_view b); // in constant time for equal lengths

std::string nonceText(Nonce nonce);                          // 16 lowercase hex digits
std::optional<Nonce> nonceFromText(std::string_view text);   // the inverse; nothing else

} // namespace speed::protocol
