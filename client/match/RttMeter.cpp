#include "match/RttMeter.hpp"

#include <vector>

namespace speed::client {
namespace {

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> out;
    while (!line.empty()) {
        const auto space = line.find(' ');
        out.push_back(line.substr(0, space));
        if (space == std::string_view::npos) break;
        line.remove_prefix(space + 1);
    }
    return out;
}

std::string join(std::string_view a, std::string_view b, std::string_view c = {}) {
    std::string key(a);
    key.append(" ").append(b);
    if (!c.empty()) key.append(" ").append(c);
    return key;
}

// The key an answer will name: fields after "VERB TIME SEQ" (docs/PROTOCOL.md section 2).
std::string requestKey(const std::vector<std::string_view>& w) {
    const std::string_view verb = w[0];
    if ((verb == "UPDATE" || verb == "INVISIBLE") && w.size() >= 10) return join("UPDATE", w[8], w[9]); // GAME REV
    if (verb == "MOVE" && w.size() >= 5) return join(verb, w[3], w[4]);     // GAME ID
    if ((verb == "START" || verb == "PAUSE" || verb == "RESUME") && w.size() >= 4) return join(verb, w[3]);
    return {};
}

// "OK TIME SEQ UPDATE GAME REV", "OK TIME SEQ MOVE GAME ID REV", "NG TIME SEQ MOVE GAME ID WHY", ...
std::string answerKey(const std::vector<std::string_view>& w) {
    if ((w[0] != "OK" && w[0] != "NG") || w.size() < 5) return {};
    const std::string_view subject = w[3];
    if ((subject == "UPDATE" || subject == "MOVE") && w.size() >= 6) return join(subject, w[4], w[5]);
    if (subject == "START" || subject == "PAUSE" || subject == "RESUME") return join(subject, w[4]);
    return {};
}

} // namespace

void RttMeter::sent(TimeMs at, std::string_view line) {
    const auto w = words(line);
    if (w.empty()) return;
    std::string key = requestKey(w);
    if (key.empty()) return;
    if (m_outstanding.size() >= kMaxOutstanding && !m_outstanding.contains(key)) m_outstanding.clear();
    m_outstanding[std::move(key)] = at; // a resend: time the answer from the latest copy
}

void RttMeter::received(TimeMs at, std::string_view line) {
    const auto w = words(line);
    if (w.empty()) return;
    const auto found = m_outstanding.find(answerKey(w));
    if (found == m_outstanding.end()) return;
    const TimeMs sample = at - found->second;
    m_outstanding.erase(found);
    if (sample < 0) return;
    m_last = sample;
    const double value = static_cast<double>(sample);
    m_smoothed = m_smoothed ? *m_smoothed * 0.875 + value * 0.125 : value;
    ++m_samples;
}

} // namespace speed::client
