#pragma once

#include "deck/DeckCache.hpp"
#include "deck/DeckCatalog.hpp"
#include "deck/DeckRaster.hpp"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace speed::client::deck {

// Draws decks on a thread of its own, so that the window never waits for librsvg: the window
// asks for a deck at a size and keeps showing what it has until the cards are ready. Only the
// newest request counts: one that is still waiting when another comes is dropped.
class DeckLoader {
public:
    explicit DeckLoader(DeckCache cache);
    ~DeckLoader();
    DeckLoader(const DeckLoader&) = delete;
    DeckLoader& operator=(const DeckLoader&) = delete;

    struct Request {
        DeckInfo deck;
        int slotWidth = 0;
        int slotHeight = 0;
        bool operator==(const Request& other) const {
            return deck.file == other.deck.file && slotWidth == other.slotWidth && slotHeight == other.slotHeight;
        }
    };
    struct Result {
        Request request;
        DeckRender render;
        bool fromCache = false;
        double milliseconds = 0; // reading or drawing it, on the loader's thread
        std::string cacheProblem; // why it could not be kept, when it could not
    };

    // Asks for a deck at a size; nothing happens when that is what was asked last.
    void request(const Request& request);
    // The newest finished result, once; nothing while the loader is still at work.
    std::optional<Result> take();
    bool busy() const;

private:
    void run();

    DeckCache m_cache;
    mutable std::mutex m_mutex;
    std::condition_variable m_wake;
    std::optional<Request> m_lastAsked;
    std::optional<Request> m_waiting;
    std::optional<Result> m_done;
    bool m_working = false;
    bool m_stop = false;
    std::thread m_thread; // last: it starts once everything above is made
};

} // namespace speed::client::deck
