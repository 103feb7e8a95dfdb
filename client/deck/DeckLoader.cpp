#include "deck/DeckLoader.hpp"

#include <chrono>

namespace speed::client::deck {

DeckLoader::DeckLoader(DeckCache cache) : m_cache(std::move(cache)), m_thread([this] { run(); }) {}

DeckLoader::~DeckLoader() {
    {
        const std::lock_guard lock(m_mutex);
        m_stop = true;
        m_waiting.reset();
    }
    m_wake.notify_all();
    m_thread.join(); // a deck being drawn is finished first: librsvg cannot be interrupted
}

void DeckLoader::request(const Request& request) {
    {
        const std::lock_guard lock(m_mutex);
        if (m_lastAsked == request) return;
        m_lastAsked = request;
        m_waiting = request;
    }
    m_wake.notify_all();
}

std::optional<DeckLoader::Result> DeckLoader::take() {
    const std::lock_guard lock(m_mutex);
    std::optional<Result> done = std::move(m_done);
    m_done.reset();
    return done;
}

bool DeckLoader::busy() const {
    const std::lock_guard lock(m_mutex);
    return m_working || m_waiting.has_value();
}

void DeckLoader::run() {
    std::unique_lock lock(m_mutex);
    while (true) {
        m_wake.wait(lock, [this] { return m_stop || m_waiting.has_value(); });
        if (m_stop) return;
        Request request = std::move(*m_waiting);
        m_waiting.reset();
        m_working = true;
        lock.unlock();

        Result result{request, {}, false, 0, {}};
        const auto start = std::chrono::steady_clock::now();
        if (std::optional<DeckImage> kept = m_cache.load(request.deck, request.slotWidth, request.slotHeight)) {
            result.render.image = std::move(*kept);
            result.fromCache = true;
        } else {
            result.render = renderDeck(request.deck, request.slotWidth, request.slotHeight);
            if (!result.render.image.empty()) {
                result.cacheProblem = m_cache.store(request.deck, request.slotWidth, request.slotHeight, result.render.image);
            }
        }
        result.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

        lock.lock();
        m_working = false;
        if (!m_waiting) m_done = std::move(result); // else a newer request makes this one stale
    }
}

} // namespace speed::client::deck
