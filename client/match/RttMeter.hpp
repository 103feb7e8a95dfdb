#pragma once

#include "speed/common/Time.hpp"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace speed::client {

// The round-trip time of the game link, measured from exchanges the protocol already has: a
// request we send (UPDATE, MOVE, START, PAUSE, RESUME) and the OK or NG that names it. The time
// from our latest send of it to the answer is one sample. Lines are the message log's text
// ("VERB TIME SEQ fields...", no checksum); times are the caller's clock.
class RttMeter {
public:
    void sent(TimeMs at, std::string_view line);
    void received(TimeMs at, std::string_view line);

    std::optional<TimeMs> lastMs() const { return m_last; }
    std::optional<double> smoothedMs() const { return m_smoothed; } // RFC 6298 style: 7/8 old + 1/8 new
    long long samples() const { return m_samples; }

private:
    static constexpr std::size_t kMaxOutstanding = 64;

    std::map<std::string, TimeMs> m_outstanding; // "UPDATE 1 12" -> when we last sent it
    std::optional<TimeMs> m_last;
    std::optional<double> m_smoothed;
    long long m_samples = 0;
};

} // namespace speed::client
