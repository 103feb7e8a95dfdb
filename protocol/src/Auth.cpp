#include "speed/protocol/Auth.hpp"

#include "Hex.hpp"

#include <sodium.h>

#include <array>
#include <cstring>

namespace speed::protocol {
namespace {

constexpr std::size_t kHashBytes = crypto_generichash_BYTES_MIN; // 16; tags and proofs keep a prefix
constexpr std::size_t kTagBytes = 12;
constexpr std::size_t kProofBytes = 8;
constexpr std::string_view kPasswordSalt = "speed-udp-v2-pw!"; // crypto_pwhash_SALTBYTES (16)

void ensureSodium() {
    static const bool ready = sodium_init() >= 0;
    (void)ready;
}

// A message built of labelled parts, hashed with BLAKE2b under `key` (or unkeyed).
class Hash {
public:
    Hash& text(std::string_view part) {
        m_bytes.insert(m_bytes.end(), part.begin(), part.end());
        m_bytes.push_back('\0');
        return *this;
    }
    Hash& number(std::uint64_t value) {
        for (int shift = 56; shift >= 0; shift -= 8) m_bytes.push_back(static_cast<char>((value >> shift) & 0xFFU));
        return *this;
    }
    template <std::size_t N>
    std::array<unsigned char, N> digest(const Key* key) const {
        ensureSodium();
        std::array<unsigned char, N> out{};
        crypto_generichash(out.data(), out.size(), reinterpret_cast<const unsigned char*>(m_bytes.data()), m_bytes.size(),
                           key != nullptr ? key->data() : nullptr, key != nullptr ? key->size() : 0);
        return out;
    }

private:
    std::string m_bytes;
};

std::string hexOf(const unsigned char* bytes, std::size_t count) {
    std::string hex(count * 2 + 1, '\0');
    sodium_bin2hex(hex.data(), hex.size(), bytes, count);
    hex.pop_back();
    return hex;
}

Key keyFrom(const std::array<unsigned char, kKeyBytes>& bytes) {
    Key key{};
    std::memcpy(key.data(), bytes.data(), key.size());
    return key;
}

} // namespace

std::optional<Key> derivePasswordKey(std::string_view password) {
    ensureSodium();
    Key key{};
    const int failed = crypto_pwhash(key.data(), key.size(), password.data(), password.size(),
                                     reinterpret_cast<const unsigned char*>(kPasswordSalt.data()),
                                     crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE,
                                     crypto_pwhash_ALG_ARGON2ID13);
    if (failed != 0) return std::nullopt;
    return key;
}

SessionKeys deriveSessionKeys(Nonce client, Nonce host, const std::optional<Key>& password) {
    const Key* key = password ? &*password : nullptr;
    SessionKeys keys;
    keys.hostToClient = keyFrom(Hash().text("speed-v2-session").text("host-to-client").number(client).number(host).digest<kKeyBytes>(key));
    keys.clientToHost = keyFrom(Hash().text("speed-v2-session").text("client-to-host").number(client).number(host).digest<kKeyBytes>(key));
    return keys;
}

namespace {

constexpr std::string_view kDatagramLabel = "speed-v2-datagram";
using TagText = std::array<char, kTagChars>;
static_assert(kTagBytes == 12 && kTagChars == 16, "a tag is two halves of six bytes, eight characters each: base64 without padding");

constexpr unsigned char kEnd = 0; // Hash::text ends each part with a NUL

// BLAKE2b under `key` with the label fed: the state every datagram's tag under that key starts
// from. Keyed BLAKE2b hashes the key as a whole first block, so the state is made once per key
// and copied per datagram. A thread keeps the few it used last (a session tags and checks under
// its two keys); a key not among them replaces the oldest.
const crypto_generichash_state& labelledState(const Key& key) {
    struct Entry {
        Key key{};
        crypto_generichash_state state{};
        bool made = false;
    };
    constexpr std::size_t kEntries = 4;
    thread_local std::array<Entry, kEntries> entries{};
    thread_local std::size_t oldest = 0;
    for (const Entry& entry : entries) {
        if (entry.made && entry.key == key) return entry.state;
    }
    Entry& entry = entries[oldest];
    oldest = (oldest + 1) % kEntries;
    entry.key = key;
    entry.made = true;
    crypto_generichash_init(&entry.state, key.data(), key.size(), kHashBytes);
    crypto_generichash_update(&entry.state, reinterpret_cast<const unsigned char*>(kDatagramLabel.data()),
                              kDatagramLabel.size());
    crypto_generichash_update(&entry.state, &kEnd, 1);
    return entry.state;
}

// URL-safe base64 (RFC 4648, section 5) of eight six-bit values at once, one per byte (value i
// in bits 8i..8i+5), by arithmetic alone: no branch and no table look-up that the bits could
// steer, so the time taken tells nothing of a tag. Each byte gets the offset of its range,
// chosen by masks (the ranges are nested, so the XORed steps add up), then the value is added
// bytewise without a carry into the next byte.
std::uint64_t base64UrlBytes(std::uint64_t values) {
    constexpr std::uint64_t kEveryByte = 0x0101010101010101ULL;
    const auto from = [values](std::uint64_t first) { // 1 in each byte whose value is >= first
        return ((values + kEveryByte * (0x80U - first)) & (kEveryByte * 0x80U)) >> 7U;
    };
    // 'A'-0 below 26, 'a'-26 from 26, '0'-52 from 52, '-'-62 at 62, '_'-63 at 63 (mod 256).
    const std::uint64_t offset = (kEveryByte * 65U) ^ (from(26) * (65U ^ 71U)) ^ (from(52) * (71U ^ 252U)) ^
                                 (from(62) * (252U ^ 239U)) ^ (from(63) * (239U ^ 32U));
    return (values + (offset & (kEveryByte * 0x7FU))) ^ (offset & (kEveryByte * 0x80U));
}

// The tag of `line`: the hash Hash().text(kDatagramLabel).text(line) makes, fed to BLAKE2b
// piece by piece (the same digest) so that neither the line nor the tag is copied to the heap;
// its first kTagBytes bytes in URL-safe base64 without padding (what sodium_bin2base64 writes).
TagText tagText(const Key& key, std::string_view line) {
    ensureSodium();
    crypto_generichash_state state = labelledState(key);
    crypto_generichash_update(&state, reinterpret_cast<const unsigned char*>(line.data()), line.size());
    crypto_generichash_update(&state, &kEnd, 1);
    std::array<unsigned char, kHashBytes> hash{};
    crypto_generichash_final(&state, hash.data(), hash.size());
    TagText tag{};
    // Six bytes make eight characters: twice.
    for (std::size_t half = 0; half < 2; ++half) {
        std::uint64_t bits = 0;
        for (std::size_t i = 0; i < 6; ++i) bits = (bits << 8U) | hash[half * 6 + i];
        std::uint64_t values = 0;
        for (std::size_t i = 0; i < 8; ++i) values |= ((bits >> (42U - 6U * i)) & 0x3FU) << (8U * i);
        const std::uint64_t chars = base64UrlBytes(values);
        for (std::size_t i = 0; i < 8; ++i) tag[half * 8 + i] = static_cast<char>((chars >> (8U * i)) & 0xFFU);
    }
    return tag;
}

} // namespace

std::string tagOf(const Key& key, std::string_view line) {
    const TagText tag = tagText(key, line);
    return std::string(tag.data(), kTagChars);
}

void appendTag(const Key& key, std::string& line, std::string_view separator) {
    const TagText tag = tagText(key, line);
    line += separator;
    line.append(tag.data(), kTagChars);
}

bool tagMatches(const Key& key, std::string_view line, std::string_view tag) {
    if (tag.size() != kTagChars) return false;
    const TagText expected = tagText(key, line);
    return sodium_memcmp(expected.data(), tag.data(), kTagChars) == 0;
}

std::string cookieFor(const Key& secret, std::string_view address, std::uint64_t bucket, Nonce client) {
    const auto hash = Hash().text("speed-v2-cookie").text(address).number(bucket).number(client).digest<kHashBytes>(&secret);
    return hexOf(hash.data(), kProofBytes);
}

std::string joinProof(const Key& password, Nonce client, std::string_view cookie) {
    const auto hash = Hash().text("speed-v2-join").number(client).text(cookie).digest<kHashBytes>(&password);
    return hexOf(hash.data(), kProofBytes);
}

std::string welcomeProof(const SessionKeys& keys, Nonce client, Nonce host) {
    return tagOf(keys.hostToClient, "welcome " + nonceText(client) + " " + nonceText(host));
}

std::string resumeProof(const SessionKeys& keys, const ResumeClaim& claim) {
    return hexOf(Hash()
                     .text("speed-v6-resume")
                     .number(claim.newClient)
                     .text(claim.cookie)
                     .number(claim.heldGame)
                     .number(claim.heldRevision)
                     .digest<kHashBytes>(&keys.clientToHost).data(),
                 kProofBytes);
}

Key deriveMeasureKey(const Key& passwordKey) {
    return keyFrom(Hash().text("speed-measure-key").digest<kKeyBytes>(&passwordKey));
}

std::string measureTagOf(const Key& measureKey, std::string_view line) {
    return hexOf(Hash().text("speed-measure-tag").text(line).digest<kHashBytes>(&measureKey).data(), kMeasureTagChars / 2);
}

bool measureTagMatches(const Key& measureKey, std::string_view line, std::string_view tag) {
    return sameText(measureTagOf(measureKey, line), tag);
}

bool sameText(std::string_view a, std::string_view b) {
    ensureSodium();
    return a.size() == b.size() && (a.empty() || sodium_memcmp(a.data(), b.data(), a.size()) == 0);
}

std::string nonceText(Nonce nonce) {
    std::string text;
    hex::append(text, nonce, 16);
    return text;
}

std::optional<Nonce> nonceFromText(std::string_view text) {
    if (text.size() != 16) return std::nullopt;
    return hex::read(text);
}

} // namespace speed::protocol
