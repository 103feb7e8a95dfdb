#pragma once

// Reads docs/PROTOCOL.md itself (its path comes from the build, SPEED_PROTOCOL_DOC), so that the
// tests check the examples and test vectors the text shows, and the two cannot drift apart.
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace speed::protocol::test {

inline std::string protocolDocText() {
    std::ifstream in(SPEED_PROTOCOL_DOC);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The lines of every fenced block opened with "```<info>" (one vector per block), blank lines left out.
inline std::vector<std::vector<std::string>> protocolDocBlocks(const std::string& info) {
    std::vector<std::vector<std::string>> blocks;
    std::istringstream in(protocolDocText());
    std::string line;
    bool inside = false;
    while (std::getline(in, line)) {
        if (!inside && line == "```" + info) {
            inside = true;
            blocks.emplace_back();
        } else if (inside && line == "```") {
            inside = false;
        } else if (inside && !line.empty()) {
            blocks.back().push_back(line);
        }
    }
    return blocks;
}

// A ```vector block: one "name  value" a line (the value is the rest of the line after the
// spaces that follow the name).
inline std::vector<std::map<std::string, std::string>> protocolDocVectors() {
    std::vector<std::map<std::string, std::string>> vectors;
    for (const auto& block : protocolDocBlocks("vector")) {
        std::map<std::string, std::string> fields;
        for (const std::string& line : block) {
            const std::size_t gap = line.find(' ');
            const std::size_t value = line.find_first_not_of(' ', gap);
            fields[line.substr(0, gap)] = gap == std::string::npos || value == std::string::npos ? "" : line.substr(value);
        }
        vectors.push_back(std::move(fields));
    }
    return vectors;
}

} // namespace speed::protocol::test
