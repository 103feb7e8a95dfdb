#pragma once

// A fuzz input as a script against a host and a client that have shaken hands and dealt game 1.
// The script is read step by step; each step starts with one byte (any value is a step):
//   op % 8 == 0  raw bytes, up to the next '\n', to the target from its peer's address
//   op % 8 == 1  a line the harness tags with the peer's key, so the input gets past the tag check
//   op % 8 == 2  raw bytes from a stranger's address
//   op % 8 == 3  time passes: the next byte times 20 ms, both sides ticking
//   op % 8 == 4  the peer plays its first legal move (or asks for the next game)
//   op % 8 == 5  the target plays its first legal move (or asks for the next game)
//   op % 8 == 6  the link between them drops everything, or works again
//   op % 8 == 7  the target pauses or resumes
// The first byte of the input picks a session with or without a password. After every step the
// pair exchanges what they sent, and the checks hold: every card is still there, on both tables,
// and a stranger never got more bytes than it sent.
#include "FuzzCheck.hpp"
#include "protocol/SessionPair.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/Auth.hpp"

#include <cstdint>
#include <string>
#include <string_view>

namespace speed::protocol::fuzz {

enum class Target { Host, Client };

inline const PeerAddress kStranger = "stranger:40000";
inline constexpr std::size_t kMaxAnswersPerDatagram = 6;

class SessionScript {
public:
    SessionScript(Target target, bool password)
        : m_target(target), m_pair(config(SessionRole::Host, password), config(SessionRole::Client, password)) {
        m_pair.host.listen(0);
        m_pair.client.connect(0, test::kHost);
        m_pair.pump();
        m_pair.host.startNextGame(0);
        m_pair.pump();
        m_pair.advance(m_pair.host.config().timing.match.speedCallMs, 250); // the opening flip
        FUZZ_CHECK(isConnected(m_pair.host.gameInfo()) && isConnected(m_pair.client.gameInfo()), "the pair connects");
        const SessionKeys keys = m_pair.keys();
        m_peerKey = target == Target::Host ? keys.clientToHost : keys.hostToClient;
    }

    void run(std::string_view script) {
        for (int steps = 0; !script.empty() && steps < 200; ++steps) step(script);
    }

private:
    static SessionConfig config(SessionRole role, bool password) {
        SessionConfig config = test::configFor(role);
        config.reportDatagrams = false;
        if (password) config.passwordKey = passwordKey();
        return config;
    }
    // Argon2id is far too slow to run per input: the key of one password, made once.
    static const Key& passwordKey() {
        static const Key key = *derivePasswordKey("kiwi fruit");
        return key;
    }

    Session& target() { return m_target == Target::Host ? static_cast<Session&>(m_pair.host) : m_pair.client; }
    Session& peer() { return m_target == Target::Host ? static_cast<Session&>(m_pair.client) : m_pair.host; }
    const PeerAddress& peerAddress() const { return m_target == Target::Host ? test::kClient : test::kHost; }

    static std::string_view takeLine(std::string_view& script) {
        const std::size_t end = script.find('\n');
        const std::string_view line = script.substr(0, end);
        script.remove_prefix(end == std::string_view::npos ? script.size() : end + 1);
        return line;
    }

    void step(std::string_view& script) {
        const auto op = static_cast<unsigned char>(script.front());
        script.remove_prefix(1);
        switch (op % 8) {
        case 0: fromPeer(takeLine(script)); break;
        case 1: {
            const std::string line(takeLine(script));
            fromPeer(line + " #" + tagOf(m_peerKey, line));
            break;
        }
        case 2: fromStranger(takeLine(script)); break;
        case 3: {
            const int ticks = script.empty() ? 1 : static_cast<unsigned char>(script.front());
            if (!script.empty()) script.remove_prefix(1);
            m_pair.advance(20 * ticks, 50);
            break;
        }
        case 4: play(peer()); break;
        case 5: play(target()); break;
        case 6: m_pair.linkDown = !m_pair.linkDown; break;
        default: pauseOrResume(target()); break;
        }
        m_pair.pump();
        check();
    }

    // One datagram from the peer: what the target sends back at once is bounded (docs/PROTOCOL.md,
    // "Rate bounds"): an answer and an UPDATE, or one resend of each pending request.
    void fromPeer(std::string_view bytes) {
        target().receive(m_pair.now, peerAddress(), bytes);
        std::vector<OutgoingDatagram> answers = target().takeOutgoing();
        FUZZ_CHECK(answers.size() <= kMaxAnswersPerDatagram, "one datagram makes at most 6 in answer");
        if (m_target == Target::Host) m_pair.deliver(std::move(answers), {});
        else m_pair.deliver({}, std::move(answers));
    }

    void fromStranger(std::string_view bytes) {
        m_strangerBytesIn += bytes.size();
        target().receive(m_pair.now, kStranger, bytes);
    }

    void play(Session& side) {
        if (isGameOver(side.gameInfo()) || side.gameInfo() == GameInfo::ExtGame) return side.startNextGame(m_pair.now);
        if (const auto move = test::anyLegalMove(side.state(), side.mySeat())) side.proposeMove(m_pair.now, *move);
    }

    void pauseOrResume(Session& side) {
        if (side.gameInfo() == GameInfo::Play) side.pause(m_pair.now);
        else side.resume(m_pair.now);
    }

    void check() {
        std::size_t strangerBytesOut = 0;
        for (const OutgoingDatagram& datagram : m_pair.sentToOthers) {
            if (datagram.to == kStranger) strangerBytesOut += datagram.bytes.size();
        }
        FUZZ_CHECK(strangerBytesOut <= m_strangerBytesIn, "a stranger gets no more bytes than it sent");
        FUZZ_CHECK(conservationError(m_pair.host.confirmedState()).empty(), "the host's table keeps every card");
        FUZZ_CHECK(conservationError(m_pair.client.confirmedState()).empty(), "the client's table keeps every card");
        FUZZ_CHECK(conservationError(m_pair.client.state()).empty(), "the client's prediction keeps every card");
    }

    Target m_target;
    test::SessionPair m_pair;
    Key m_peerKey{};
    std::size_t m_strangerBytesIn = 0;
};

inline int runScript(Target target, const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    SessionScript script(target, (input.front() & 1) != 0);
    script.run(input.substr(1));
    return 0;
}

} // namespace speed::protocol::fuzz
