#include "speed/imgui/FontMetrics.hpp"

#include <array>
#include <cstdint>
#include <fstream>

namespace speed::ui {
namespace {

// Big-endian fields of the font file, read where they are (a collection is tens of megabytes:
// only the few bytes needed are read).
class FontFile {
public:
    explicit FontFile(const std::string& path) : m_in(path, std::ios::binary) {}

    std::optional<std::uint32_t> read(std::uint32_t offset, int bytes) {
        std::array<unsigned char, 4> buffer{};
        m_in.seekg(offset);
        if (!m_in.read(reinterpret_cast<char*>(buffer.data()), bytes)) return std::nullopt;
        std::uint32_t value = 0;
        for (int i = 0; i < bytes; ++i) value = (value << 8) | buffer[static_cast<std::size_t>(i)];
        return value;
    }

private:
    std::ifstream m_in;
};

constexpr std::uint32_t tag(const char (&name)[5]) {
    return static_cast<std::uint32_t>(name[0]) << 24 | static_cast<std::uint32_t>(name[1]) << 16 |
           static_cast<std::uint32_t>(name[2]) << 8 | static_cast<std::uint32_t>(name[3]);
}

} // namespace

std::optional<float> emShareOfHeight(const std::string& path) {
    FontFile file(path);
    // A collection ('ttcf') lists its faces' offsets from byte 12; a single face starts at 0.
    const auto kind = file.read(0, 4);
    if (!kind) return std::nullopt;
    std::uint32_t face = 0;
    if (*kind == tag("ttcf")) {
        const auto first = file.read(12, 4);
        if (!first) return std::nullopt;
        face = *first;
    }
    const auto tables = file.read(face + 4, 2);
    if (!tables || *tables > 200) return std::nullopt;
    std::optional<std::uint32_t> head;
    std::optional<std::uint32_t> hhea;
    for (std::uint32_t i = 0; i < *tables; ++i) {
        const std::uint32_t record = face + 12 + 16 * i;
        const auto name = file.read(record, 4);
        const auto offset = file.read(record + 8, 4);
        if (!name || !offset) return std::nullopt;
        if (*name == tag("head")) head = offset;
        if (*name == tag("hhea")) hhea = offset;
    }
    if (!head || !hhea) return std::nullopt;
    const auto unitsPerEm = file.read(*head + 18, 2);
    const auto ascent = file.read(*hhea + 4, 2);
    const auto descent = file.read(*hhea + 6, 2);
    if (!unitsPerEm || !ascent || !descent) return std::nullopt;
    const int height = static_cast<std::int16_t>(*ascent) - static_cast<std::int16_t>(*descent);
    if (height <= 0 || *unitsPerEm == 0) return std::nullopt;
    return static_cast<float>(*unitsPerEm) / static_cast<float>(height);
}

float mergedSizePx(float sizePx, std::optional<float> baseShare, std::optional<float> mergedShare) {
    if (!baseShare || !mergedShare) return sizePx;
    return sizePx * *baseShare / *mergedShare;
}

} // namespace speed::ui
