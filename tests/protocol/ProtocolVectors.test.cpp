// The test vectors of docs/PROTOCOL.md, read out of the document itself: each is computed twice,
// by the protocol's code (Auth.hpp, Codec.hpp) and by a second implementation here that follows
// the text with libsodium directly (and a CRC-32 of its own), and both must give the hex the
// text shows. A program written from the text alone makes what this file makes.
#include "ProtocolDoc.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <catch2/catch.hpp>

#include <sodium.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace speed::protocol;
using namespace speed::protocol::test;

namespace {

using Bytes = std::vector<unsigned char>;
using Fields = std::map<std::string, std::string>;

// ---- The second implementation, from the text: parts, BLAKE2b, Argon2id, encodings. ----

// A text part: its bytes, then one zero byte.
void addText(Bytes& message, const std::string& text) {
    message.insert(message.end(), text.begin(), text.end());
    message.push_back(0);
}

// A number part: 8 bytes, big-endian.
void addNumber(Bytes& message, std::uint64_t value) {
    for (int shift = 56; shift >= 0; shift -= 8) message.push_back(static_cast<unsigned char>(value >> shift));
}

Bytes blake2b(std::size_t outBytes, const Bytes& key, const Bytes& message) {
    Bytes out(outBytes);
    REQUIRE(crypto_generichash(out.data(), out.size(), message.data(), message.size(), key.empty() ? nullptr : key.data(),
                               key.size()) == 0);
    return out;
}

std::string hexOf(const Bytes& bytes, std::size_t count) {
    std::string hex(count * 2 + 1, '\0');
    sodium_bin2hex(hex.data(), hex.size(), bytes.data(), count);
    hex.pop_back();
    return hex;
}

Bytes bytesOfHex(const std::string& hex) {
    Bytes bytes(hex.size() / 2);
    std::size_t length = 0;
    REQUIRE(sodium_hex2bin(bytes.data(), bytes.size(), hex.data(), hex.size(), nullptr, &length, nullptr) == 0);
    REQUIRE(length == bytes.size());
    return bytes;
}

std::string base64urlOf(const Bytes& bytes, std::size_t count) {
    std::string text(sodium_base64_ENCODED_LEN(count, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
    sodium_bin2base64(text.data(), text.size(), bytes.data(), count, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    text.pop_back(); // the terminating zero
    return text;
}

std::uint64_t nonceOf(const std::string& hex) {
    REQUIRE(hex.size() == 16);
    std::uint64_t value = 0;
    for (const unsigned char byte : bytesOfHex(hex)) value = (value << 8) | byte;
    return value;
}

Bytes passwordKeyFromText(const std::string& password) {
    Bytes key(32);
    const std::string salt = "speed-udp-v2-pw!";
    REQUIRE(salt.size() == crypto_pwhash_SALTBYTES);
    REQUIRE(crypto_pwhash(key.data(), key.size(), password.data(), password.size(),
                          reinterpret_cast<const unsigned char*>(salt.data()), 2, 67108864, crypto_pwhash_ALG_ARGON2ID13) == 0);
    return key;
}

Bytes sessionKeyFromText(const std::string& direction, std::uint64_t client, std::uint64_t host, const Bytes& password) {
    Bytes message;
    addText(message, "speed-v2-session");
    addText(message, direction);
    addNumber(message, client);
    addNumber(message, host);
    return blake2b(32, password, message);
}

std::string tagFromText(const Bytes& key, const std::string& line) {
    Bytes message;
    addText(message, "speed-v2-datagram");
    addText(message, line);
    return base64urlOf(blake2b(16, key, message), 12);
}

// The IEEE 802.3 CRC-32, bit by bit (reflected polynomial 0xEDB88320, all ones in and out).
std::uint32_t crcFromText(const std::string& line) {
    std::uint32_t crc = 0xFFFFFFFFU;
    for (const char c : line) {
        crc ^= static_cast<unsigned char>(c);
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320U & (0U - (crc & 1U)));
    }
    return crc ^ 0xFFFFFFFFU;
}

std::string crcHex(std::uint32_t crc) {
    return hexOf(Bytes{static_cast<unsigned char>(crc >> 24), static_cast<unsigned char>(crc >> 16),
                       static_cast<unsigned char>(crc >> 8), static_cast<unsigned char>(crc)},
                 4);
}

Bytes optionalKey(const std::string& hex) { return hex == "-" ? Bytes{} : bytesOfHex(hex); }

// ---- The protocol's own code. ----

Key keyFromHex(const std::string& hex) {
    const Bytes bytes = bytesOfHex(hex);
    REQUIRE(bytes.size() == kKeyBytes);
    Key key{};
    std::copy(bytes.begin(), bytes.end(), key.begin());
    return key;
}

std::optional<Key> optionalCodeKey(const std::string& hex) {
    if (hex == "-") return std::nullopt;
    return keyFromHex(hex);
}

std::string hexOfKey(const Key& key) { return hexOf(Bytes(key.begin(), key.end()), key.size()); }

// ---- Each kind of vector: computed both ways, checked against the text. ----

const std::string& field(const Fields& vector, const std::string& name) {
    const auto found = vector.find(name);
    INFO("the vector has no field " << name);
    REQUIRE(found != vector.end());
    return found->second;
}

void checkPasswordKey(const Fields& v) {
    const std::string& password = field(v, "password");
    const std::optional<Key> code = derivePasswordKey(password);
    REQUIRE(code);
    CHECK(hexOfKey(*code) == field(v, "key"));
    const Bytes text = passwordKeyFromText(password);
    CHECK(hexOf(text, text.size()) == field(v, "key"));
}

void checkSessionKeys(const Fields& v) {
    const std::uint64_t client = nonceOf(field(v, "client"));
    const std::uint64_t host = nonceOf(field(v, "host"));
    const SessionKeys code = deriveSessionKeys(client, host, optionalCodeKey(field(v, "password-key")));
    CHECK(hexOfKey(code.hostToClient) == field(v, "K_hc"));
    CHECK(hexOfKey(code.clientToHost) == field(v, "K_ch"));
    const Bytes password = optionalKey(field(v, "password-key"));
    CHECK(hexOf(sessionKeyFromText("host-to-client", client, host, password), 32) == field(v, "K_hc"));
    CHECK(hexOf(sessionKeyFromText("client-to-host", client, host, password), 32) == field(v, "K_ch"));
}

void checkTag(const Fields& v) {
    const std::string& line = field(v, "line");
    const Key key = keyFromHex(field(v, "key"));
    CHECK(tagOf(key, line) == field(v, "tag"));
    CHECK(tagFromText(bytesOfHex(field(v, "key")), line) == field(v, "tag"));
    // The whole datagram, as the session sends it and as the text builds it.
    const DecodeResult parsed = parseLine(line);
    REQUIRE(parsed.ok());
    CHECK(encodeTagged(*parsed.message, key) == field(v, "datagram"));
    CHECK(line + " #" + tagFromText(bytesOfHex(field(v, "key")), line) == field(v, "datagram"));
    const DecodeResult decoded = decodeDatagram(field(v, "datagram"), &key);
    CHECK(decoded.ok());
    CHECK(decoded.tagged);
}

void checkWelcomeProof(const Fields& v) {
    const std::uint64_t client = nonceOf(field(v, "client"));
    const std::uint64_t host = nonceOf(field(v, "host"));
    const SessionKeys keys = deriveSessionKeys(client, host, optionalCodeKey(field(v, "password-key")));
    CHECK(welcomeProof(keys, client, host) == field(v, "proof"));
    const Bytes hostToClient = sessionKeyFromText("host-to-client", client, host, optionalKey(field(v, "password-key")));
    CHECK(tagFromText(hostToClient, "welcome " + field(v, "client") + " " + field(v, "host")) == field(v, "proof"));
}

void checkCookie(const Fields& v) {
    const std::uint64_t bucket = std::stoull(field(v, "bucket"));
    const std::uint64_t client = nonceOf(field(v, "client"));
    CHECK(cookieFor(keyFromHex(field(v, "secret")), field(v, "address"), bucket, client) == field(v, "cookie"));
    Bytes message;
    addText(message, "speed-v2-cookie");
    addText(message, field(v, "address"));
    addNumber(message, bucket);
    addNumber(message, client);
    CHECK(hexOf(blake2b(16, bytesOfHex(field(v, "secret")), message), 8) == field(v, "cookie"));
}

void checkJoinProof(const Fields& v) {
    const std::uint64_t client = nonceOf(field(v, "client"));
    CHECK(joinProof(keyFromHex(field(v, "password-key")), client, field(v, "cookie")) == field(v, "proof"));
    Bytes message;
    addText(message, "speed-v2-join");
    addNumber(message, client);
    addText(message, field(v, "cookie"));
    CHECK(hexOf(blake2b(16, bytesOfHex(field(v, "password-key")), message), 8) == field(v, "proof"));
}

void checkResumeProof(const Fields& v) {
    const std::uint64_t client = nonceOf(field(v, "client"));
    const std::uint64_t host = nonceOf(field(v, "host"));
    const std::uint64_t newClient = nonceOf(field(v, "new-client"));
    const std::uint64_t game = std::stoull(field(v, "game"));
    const std::uint64_t revision = std::stoull(field(v, "rev"));
    const SessionKeys keys = deriveSessionKeys(client, host, optionalCodeKey(field(v, "password-key")));
    CHECK(resumeProof(keys, ResumeClaim{newClient, field(v, "cookie"), game, revision}) == field(v, "rproof"));
    Bytes message;
    addText(message, "speed-v6-resume");
    addNumber(message, newClient);
    addText(message, field(v, "cookie"));
    addNumber(message, game);
    addNumber(message, revision);
    const Bytes clientToHost = sessionKeyFromText("client-to-host", client, host, optionalKey(field(v, "password-key")));
    CHECK(hexOf(blake2b(16, clientToHost, message), 8) == field(v, "rproof"));
}

void checkMeasureKey(const Fields& v) {
    const Key password = keyFromHex(field(v, "password-key"));
    CHECK(hexOfKey(deriveMeasureKey(password)) == field(v, "key"));
    Bytes message;
    addText(message, "speed-measure-key");
    CHECK(hexOf(blake2b(32, bytesOfHex(field(v, "password-key")), message), 32) == field(v, "key"));
}

void checkMeasureTag(const Fields& v) {
    const std::string& line = field(v, "line");
    const Key key = keyFromHex(field(v, "key"));
    CHECK(measureTagOf(key, line) == field(v, "tag"));
    Bytes message;
    addText(message, "speed-measure-tag");
    addText(message, line);
    CHECK(hexOf(blake2b(16, bytesOfHex(field(v, "key")), message), 12) == field(v, "tag"));
    // The datagram: the line, the tag, filler, and the CRC of measurement verbs; its answer holds too.
    const std::string& datagram = field(v, "datagram");
    CHECK(datagram.rfind(line + field(v, "tag"), 0) == 0);
    CHECK(measureTagValid(key, datagram));
    const auto probe = readProbe(datagram);
    REQUIRE(probe);
    CHECK(measureTagValid(key, field(v, "answer")));
    CHECK(field(v, "answer").size() == datagram.size());
    Key other = key;
    other[0] ^= 1;
    CHECK_FALSE(measureTagValid(other, datagram));
}

void checkCrc(const Fields& v) {
    const std::string& line = field(v, "line");
    CHECK(crcHex(crc32(line)) == field(v, "crc"));
    CHECK(crcHex(crcFromText(line)) == field(v, "crc"));
    const DecodeResult parsed = parseLine(line);
    REQUIRE(parsed.ok());
    CHECK(encodeDatagram(*parsed.message) == field(v, "datagram"));
    CHECK(line + " #" + crcHex(crcFromText(line)) == field(v, "datagram"));
    CHECK(decodeDatagram(field(v, "datagram")).ok());
}

} // namespace

TEST_CASE("Every test vector of PROTOCOL.md holds, by the code and by libsodium as the text says", "[codec][vectors]") {
    REQUIRE(sodium_init() >= 0);
    const std::map<std::string, void (*)(const Fields&)> checks{
        {"password-key", checkPasswordKey}, {"session-keys", checkSessionKeys}, {"tag", checkTag},
        {"welcome-proof", checkWelcomeProof}, {"cookie", checkCookie},     {"join-proof", checkJoinProof},
        {"resume-proof", checkResumeProof}, {"crc", checkCrc},             {"measure-key", checkMeasureKey},
        {"measure-tag", checkMeasureTag},
    };
    std::set<std::string> seen;
    for (const Fields& vector : protocolDocVectors()) {
        const std::string& kind = field(vector, "kind");
        INFO("vector " << kind << " (" << field(vector, "what") << ")");
        const auto check = checks.find(kind);
        REQUIRE(check != checks.end());
        check->second(vector);
        seen.insert(kind);
    }
    // Every construction has its vector in the text: none may go missing unnoticed.
    for (const auto& [kind, check] : checks) {
        INFO("PROTOCOL.md has no vector of kind " << kind);
        CHECK(seen.count(kind) == 1);
    }
}

TEST_CASE("The vectors that take a password's key take the one the password vector makes", "[codec][vectors]") {
    std::string passwordKey;
    for (const Fields& vector : protocolDocVectors()) {
        if (vector.at("kind") == "password-key") passwordKey = vector.at("key");
    }
    REQUIRE_FALSE(passwordKey.empty());
    for (const Fields& vector : protocolDocVectors()) {
        const auto used = vector.find("password-key");
        if (used != vector.end() && used->second != "-") CHECK(used->second == passwordKey);
    }
}

TEST_CASE("A tag's base64 is libsodium's, for every character a tag can hold", "[codec][vectors]") {
    // Lines and keys that vary, many enough that each of the 64 characters turns up at each of
    // the tag's 16 places; each tag is compared with the one libsodium's own base64 writes.
    std::set<std::pair<std::size_t, char>> seen;
    std::string line = "UPDATE 1 2";
    for (int i = 0; i < 4000; ++i) {
        Key key{};
        for (std::size_t b = 0; b < key.size(); ++b) key[b] = static_cast<std::uint8_t>(i * 31 + static_cast<int>(b) * 7);
        line += static_cast<char>('A' + i % 26);
        if (line.size() > 200) line.resize(10);
        const std::string tag = tagOf(key, line);
        REQUIRE(tag == tagFromText(Bytes(key.begin(), key.end()), line));
        for (std::size_t at = 0; at < tag.size(); ++at) seen.insert({at, tag[at]});
        std::string datagram = line;
        appendTag(key, datagram, " #");
        REQUIRE(datagram == line + " #" + tag);
    }
    CHECK(seen.size() == kTagChars * 64);
}
