#include "deck/DeckCache.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <system_error>
#include <vector>

namespace speed::client::deck {
namespace {

namespace fs = std::filesystem;

constexpr const char* kMagic = "speed-deck-cache";
constexpr int kFormat = 1;
constexpr int kMaxSide = 4096; // a card larger than any screen: the file is not ours

// What identifies the picture: the deck's file, its size and time, and the place's size.
std::string stampOf(const DeckInfo& deck, int slotWidth, int slotHeight) {
    std::error_code error;
    const std::uintmax_t size = fs::file_size(deck.file, error);
    const auto time = fs::last_write_time(deck.file, error).time_since_epoch().count();
    std::ostringstream stamp;
    stamp << deck.file.string() << '|' << (error ? 0 : size) << '|' << (error ? 0 : time) << '|' << slotWidth << 'x' << slotHeight;
    return stamp.str();
}

std::string slug(const std::string& name) {
    std::string out;
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) != 0 && byte < 0x80) out += static_cast<char>(std::tolower(byte));
        else if (!out.empty() && out.back() != '-') out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? "deck" : out;
}

} // namespace

fs::path DeckCache::fileFor(const DeckInfo& deck, int slotWidth, int slotHeight) const {
    const std::size_t hash = std::hash<std::string>{}(stampOf(deck, slotWidth, slotHeight));
    std::ostringstream name;
    name << slug(deck.name) << '-' << slotWidth << 'x' << slotHeight << '-' << std::hex << (hash & 0xFFFFFFFFu) << ".rgba";
    return m_folder / name.str();
}

std::optional<DeckImage> DeckCache::load(const DeckInfo& deck, int slotWidth, int slotHeight) const {
    if (m_folder.empty()) return std::nullopt;
    const fs::path path = fileFor(deck, slotWidth, slotHeight);
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string magic;
    std::string stamp;
    std::string missing;
    int format = 0;
    DeckImage image;
    std::getline(in, magic);
    std::getline(in, stamp);
    in >> format >> image.cardWidth >> image.cardHeight >> missing;
    if (!in || in.get() != '\n' || magic != kMagic || format != kFormat || stamp != stampOf(deck, slotWidth, slotHeight) ||
        image.cardWidth <= 0 || image.cardHeight <= 0 || image.cardWidth > kMaxSide || image.cardHeight > kMaxSide ||
        missing.size() != static_cast<std::size_t>(kAtlasSlots)) {
        return std::nullopt;
    }
    for (std::size_t slot = 0; slot < missing.size(); ++slot) image.missing[slot] = missing[slot] == '1';
    image.rgba.resize(image.byteCount());
    in.read(reinterpret_cast<char*>(image.rgba.data()), static_cast<std::streamsize>(image.rgba.size()));
    if (in.gcount() != static_cast<std::streamsize>(image.rgba.size()) || in.peek() != std::char_traits<char>::eof()) {
        return std::nullopt;
    }
    std::error_code error;
    fs::last_write_time(path, fs::file_time_type::clock::now(), error); // recently used: pruned last
    return image;
}

std::string DeckCache::store(const DeckInfo& deck, int slotWidth, int slotHeight, const DeckImage& image) const {
    if (m_folder.empty()) return "no cache folder is known (is HOME set?)";
    std::error_code error;
    fs::create_directories(m_folder, error);
    if (error) return "cannot create " + m_folder.string() + ": " + error.message();
    const fs::path path = fileFor(deck, slotWidth, slotHeight);
    fs::path partial = path;
    partial += ".partial";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        std::string missing;
        for (const bool slot : image.missing) missing += slot ? '1' : '0';
        out << kMagic << '\n' << stampOf(deck, slotWidth, slotHeight) << '\n'
            << kFormat << ' ' << image.cardWidth << ' ' << image.cardHeight << ' ' << missing << '\n';
        out.write(reinterpret_cast<const char*>(image.rgba.data()), static_cast<std::streamsize>(image.rgba.size()));
        out.flush();
        if (!out) {
            const int cause = errno;
            out.close();
            fs::remove(partial, error);
            return "cannot write " + partial.string() + ": " + std::strerror(cause != 0 ? cause : EIO);
        }
    }
    fs::rename(partial, path, error); // a reader sees the old file or the whole new one
    if (error) {
        fs::remove(partial, error);
        return "cannot write " + path.string() + ": " + error.message();
    }
    prune(path);
    return {};
}

void DeckCache::prune(const fs::path& keep) const {
    struct Entry {
        fs::path path;
        std::uintmax_t size;
        fs::file_time_type time;
    };
    std::vector<Entry> entries;
    std::uintmax_t total = 0;
    std::error_code error;
    for (fs::directory_iterator it(m_folder, error), end; !error && it != end; it.increment(error)) {
        std::error_code entryError;
        if (it->path().extension() != ".rgba" || !it->is_regular_file(entryError)) continue;
        const std::uintmax_t size = it->file_size(entryError);
        const fs::file_time_type time = it->last_write_time(entryError);
        if (entryError) continue;
        entries.push_back({it->path(), size, time});
        total += size;
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.time < b.time; });
    for (const Entry& entry : entries) {
        if (total <= m_budgetBytes) break;
        if (entry.path == keep) continue;
        if (fs::remove(entry.path, error)) total -= entry.size;
    }
}

} // namespace speed::client::deck
