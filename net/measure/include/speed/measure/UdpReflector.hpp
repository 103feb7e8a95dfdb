#pragma once

#include "speed/measure/BatchSender.hpp"
#include "speed/measure/SequenceWindow.hpp"
#include "speed/measure/StreamStats.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/Probe.hpp"
#include "speed/protocol/MeasureWire.hpp"

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace speed {

// speed-measure --serve: a reflector for speed-measure and for any tool that expects its datagram
// back. A speed PROBE gets its ECHO (the size of the probe; stamped when it asks); anything else
// comes back unchanged. Never larger than what came in, so it amplifies nothing; and it does not
// answer what cannot be a client's request, so two reflectors cannot be set bouncing a datagram
// between them: an ECHO, a datagram from a service port (below 1024), or the very datagram it
// sent that address less than a moment ago (a reflection of its own answer).
//
// A probe asking to be counted ('u') gets its stamps and the answer's number in its run, and
// the run's counts (probes received, duplicated, reordered; answers sent) are told on request
// ('q'), so the measuring side splits loss, duplication and reordering by direction.
// It also counts streams (speed-measure --mode stream): a PROBE asking to open one is answered
// with what is granted (rate and duration capped); the stream's datagrams are counted, not
// answered; a report request is answered with the counts. A stream back (--bidir) goes only to
// the address that opened it, at most at the granted rate for the granted time, and never more
// bytes than that stream brought in from there.
class UdpReflector {
public:
    static constexpr std::size_t kMaxStreams = 16;          // open at once, all addresses
    static constexpr std::size_t kMaxStreamsPerAddress = 4;
    static constexpr std::size_t kMaxProbeRuns = 64; // measuring runs counted at once, all addresses
    static constexpr auto kStreamForgottenAfter = std::chrono::seconds(30); // after its last datagram

    explicit UdpReflector(asio::ip::udp::socket socket);

    // Answers until `stop` is set. A signal handler that sets it calls wakeFromSignal(descriptor())
    // too, so that the blocked receive returns.
    // A blocking loop on purpose, like the prober's: a datagram is read the moment it arrives,
    // answered, and the loop is back in the kernel at once, with no event loop before or after
    // (which, on a CPU shared with the measuring side, delays it). While a stream back runs it
    // waits with ppoll until that stream's next datagram is due instead.
    void run(const volatile std::sig_atomic_t& stop);
    int descriptor() { return m_socket.native_handle(); }
    // With setup.ini's password (deriveMeasureKey of its key): signed requests get signed answers.
    void setMeasureKey(const protocol::Key& key) { m_measureKey = key; }
    // The DSCP of its answers (0..63). Empty on success, else why the system refused it.
    std::string setDscp(int dscp);
    // Shuts the socket down for reading: async-signal-safe; the reflector answers no more.
    static void wakeFromSignal(int descriptor);

    struct Counts {
        long long received = 0;
        long long echoes = 0;    // PROBE answered with ECHO
        long long unchanged = 0; // sent back as they came
        long long dropped = 0;   // not answered (see above)
        long long streams = 0;   // streams opened
        long long streamDatagrams = 0; // counted, not answered
        long long backSent = 0;  // datagrams of streams back
        long long badTags = 0;   // signed requests whose tag did not hold (another password, none here, forged)
        std::size_t addresses = 0; // counted up to 4096
    };
    const Counts& counts() const { return m_counts; }

private:
    struct Stream {
        protocol::StreamGrant grant;
        StreamCounter counter;
        std::optional<SendSchedule> back; // from the stream's first datagram, when granted
        std::uint32_t backNext = 0;
        bool backStopped = false;
        std::uint64_t bytesIn = 0;
        std::uint64_t bytesOut = 0;
        std::uint64_t lastActivityNs = 0;
    };
    using StreamKey = std::pair<asio::ip::udp::endpoint, std::uint32_t>;
    // What it counted of one measuring run's probes ('u'): which SEQs arrived, and its answers.
    struct ProbeRun {
        SequenceWindow seen;
        std::uint32_t answered = 0;
        std::uint64_t lastNs = 0;
    };
    using RunKey = std::pair<asio::ip::udp::endpoint, std::uint32_t>;
    // The run `name` of the current sender, made (and the least recently heard one forgotten) when new.
    ProbeRun& probeRun(std::uint32_t name, std::uint64_t atNs);

    // Reads what is waiting (at most a batch); `block`: wait for the first one.
    void drain(bool block);
    void onDatagram(std::string_view bytes, std::uint64_t atNs);
    // A PROBE whose payload is a stream form: true when handled here (answered or counted).
    bool onStreamProbe(const protocol::ProbeView& probe, const protocol::MeasurePayload& payload,
                       std::string_view bytes, std::uint64_t atNs);
    // A datagram of an open stream: counted (and its stream back started); false when not open.
    bool onStreamData(const protocol::StreamData& data, std::string_view bytes, std::uint64_t atNs);
    // A request to count a stream: granted (within bounds) and answered; false when refused.
    bool onStreamOpen(const protocol::ProbeView& probe, const protocol::StreamOpen& open, std::string_view bytes,
                      std::uint64_t atNs);
    // A request for a stream's counts: answered, which also stops its stream back.
    bool onStreamReport(const protocol::ProbeView& probe, const protocol::StreamReportRequest& report,
                        std::uint64_t atNs);
    // Anything but a PROBE: sent back as it came, unless it is an answer or a bounce.
    void answerUnchanged(std::string_view bytes, protocol::MeasureDatagramKind kind);
    void sendTo(std::string_view bytes, const asio::ip::udp::endpoint& to);
    void forgetIdleStreams(std::uint64_t nowNs);
    void sendBackDue();
    // `batch` datagrams of `stream`'s stream back to `to`, in one batched send.
    void sendBackBatch(const asio::ip::udp::endpoint& to, Stream& stream, std::uint32_t batch);
    // When the loop wakes for the next batch of a stream back (that has the bytes to be sent).
    std::optional<std::uint64_t> nextBackDueNs() const;

    asio::ip::udp::socket m_socket;
    std::vector<char> m_buffer;
    std::string m_stampText; // a stamped answer's payload form
    std::string m_answer;    // the ECHO being sent
    asio::ip::udp::endpoint m_sender;
    struct Sent {
        std::string bytes;
        std::chrono::steady_clock::time_point at;
    };
    std::map<asio::ip::udp::endpoint, Sent> m_lastSent; // per address: what went back last, and when
    std::map<StreamKey, Stream> m_streams;
    std::map<RunKey, std::unique_ptr<ProbeRun>> m_probeRuns; // at most kMaxProbeRuns (8 KiB each)
    ProbeRun* m_lastRun = nullptr; // the run found last, and its key
    RunKey m_lastRunKey;
    std::set<asio::ip::udp::endpoint> m_addresses;
    asio::ip::udp::endpoint m_lastAddress; // who sent anything (the first 4096, for the summary)
    std::uint32_t m_clockId = 0;
    std::optional<protocol::Key> m_measureKey;
    const protocol::Key* m_signKey = nullptr; // the datagram being answered was signed: so is its answer
    std::uint32_t m_nextSeq = 1;
    std::chrono::steady_clock::time_point m_startedAt = std::chrono::steady_clock::now();
    Counts m_counts;
    BatchSender m_backSender;  // the streams back
    std::string m_backBatch;   // one batch of a stream back, end to end
    std::string m_backPayload; // one datagram's payload form
};

} // namespace speed
