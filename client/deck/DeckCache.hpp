#pragma once

#include "deck/DeckCatalog.hpp"
#include "deck/DeckImage.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace speed::client::deck {

// Decks once drawn, kept in the cache folder ($XDG_CACHE_HOME/speed/cards) by deck and by the size
// of the place a card takes, so that the next start shows them at once. A file names the deck's
// SVG with its size and time: a changed deck is drawn again. A file that is cut short, from
// another version or for another deck is ignored (and replaced); one that cannot be written
// costs only the time to draw the deck again.
class DeckCache {
public:
    // `folder` empty: nothing is kept.
    explicit DeckCache(std::filesystem::path folder, std::uintmax_t budgetBytes = kDefaultBudgetBytes)
        : m_folder(std::move(folder)), m_budgetBytes(budgetBytes) {}

    static constexpr std::uintmax_t kDefaultBudgetBytes = 96ull * 1024 * 1024;

    std::optional<DeckImage> load(const DeckInfo& deck, int slotWidth, int slotHeight) const;
    // Empty when kept, else why not. Files beyond the budget go, the least recently used first.
    std::string store(const DeckInfo& deck, int slotWidth, int slotHeight, const DeckImage& image) const;

    std::filesystem::path fileFor(const DeckInfo& deck, int slotWidth, int slotHeight) const;
    const std::filesystem::path& folder() const { return m_folder; }

private:
    void prune(const std::filesystem::path& keep) const;

    std::filesystem::path m_folder;
    std::uintmax_t m_budgetBytes;
};

} // namespace speed::client::deck
