// WindowApp's side of "Learn to play" (the lesson's commands, its lit places, its end written
// down) and of the hint key.
#include "app/WindowApp.hpp"

#include "app/TutorialMark.hpp"
#include "match/TutorialMatch.hpp"
#include "table/Hint.hpp"
#include "text/Words.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace speed::client {
namespace {

constexpr TimeMs kHintLitMs = 2500; // the hint's light fades by itself after this, or at the next move

} // namespace

TutorialMatch* WindowApp::lesson() { return dynamic_cast<TutorialMatch*>(&match()); }
const TutorialMatch* WindowApp::lesson() const { return dynamic_cast<const TutorialMatch*>(&match()); }

// The start screen offers the lesson first while it was never finished or skipped and no game
// was: the mark in the state folder, and the statistics.
ui::StartScreenFacts WindowApp::startScreenFacts() {
    ui::StartScreenFacts facts = m_switch.startScreenFacts();
    const auto summary = m_stats.summary();
    facts.tutorialFirst = !tutorialDone(tutorialMarkPath()) && (!summary || summary->games == 0);
    return facts;
}

bool WindowApp::lessonCommand(ui::UiAction action, TimeMs now) {
    TutorialMatch* running = lesson();
    switch (action) {
    case ui::UiAction::LearnToPlay:
        m_lessonMarked = false;
        m_lessonStep.clear();
        follow(m_switch.learnToPlay(now));
        return true;
    case ui::UiAction::TutorialSkipStep:
        if (running == nullptr) return false;
        spdlog::info("learn to play: step {} skipped", stepName(running->course().step()));
        running->skipStep(now);
        break;
    case ui::UiAction::TutorialSkipAll:
        if (running == nullptr) return false;
        spdlog::info("learn to play: skipped");
        running->skipAll(now);
        followLesson(now); // written down before it goes
        follow(m_switch.leaveToStart());
        return true;
    case ui::UiAction::TutorialReplay:
        if (running == nullptr) return false;
        spdlog::info("learn to play: again from the first step");
        running->restart(now);
        m_motion.clear();
        m_input.cancel();
        m_shownDealGame = 0; // dealt again on the table
        m_lessonStep.clear();
        break;
    default: return false;
    }
    m_dirty = true;
    return true;
}

// Each step is logged as it comes (the window tests follow the lesson from the log); its end,
// finished or skipped, is written down once.
void WindowApp::followLesson(TimeMs now) {
    const TutorialMatch* running = lesson();
    if (running == nullptr) return;
    const TutorialCourse& course = running->course();
    const std::string step(stepName(course.step()));
    if (step != m_lessonStep) {
        m_lessonStep = step;
        spdlog::info("learn to play: step {} of {}: {}", course.stepNumber(), kTutorialSteps, step);
        if (!course.done()) m_overlay->addGameEvent(now, ui::GameEventKind::Table, stepTitle(course.step()));
        m_dirty = true;
    }
    if (course.done() && !m_lessonMarked) {
        m_lessonMarked = true;
        const bool written = markTutorialDone(tutorialMarkPath());
        spdlog::info("learn to play: done{}", written ? "" : " (the state folder cannot keep it)");
    }
}

bool WindowApp::lessonKey(sf::Keyboard::Key key, TimeMs now) {
    // Two players on one keyboard: I is one of Player 2's card keys, and neither is helped.
    if (key == sf::Keyboard::I && !match().bothSeatsLocal()) {
        showHint(now);
        return true;
    }
    // Esc leaves the lesson, once nothing is held or chosen (Esc drops those first).
    const TutorialMatch* running = lesson();
    if (key != sf::Keyboard::Escape || running == nullptr || running->course().done() || m_input.selectedSlot() ||
        m_input.drag().phase() != DragPhase::Idle) {
        return false;
    }
    spdlog::info("key Esc: leaving the lesson");
    return lessonCommand(ui::UiAction::TutorialSkipAll, now);
}

// I: a playable card and its pile lit (or the deck), or why there is none; never over the network.
void WindowApp::showHint(TimeMs now) {
    if (!match().hasTable()) return;
    const int seat = match().localSeat();
    if (match().network() != nullptr) {
        spdlog::info("key I: no hints in a network game");
        m_motion.say(Place::deck(seat), tr("hint.network"), now);
        m_dirty = true;
        return;
    }
    const Hint hint = hintFor(match().state(), seat);
    m_hintLit = hint.lit;
    m_hintUntil = now + kHintLitMs;
    m_hintMoves = match().state().movesApplied;
    std::string words;
    Place at = Place::deck(seat);
    switch (hint.kind) {
    case HintKind::Play:
        words = tr("hint.play");
        at = hint.lit.front();
        break;
    case HintKind::Refill: words = tr("hint.refill"); break;
    case HintKind::Wait: words = trf("hint.wait", opponentName()); break;
    case HintKind::NobodyCanPlay: words = tr("hint.nobody"); break;
    case HintKind::NoGame: words = tr("hint.no_game"); break;
    }
    spdlog::info("key I: hint: {}", words);
    m_motion.say(at, words, now);
    m_dirty = true;
}

void WindowApp::addLit(TableScene& scene, TimeMs now) const {
    if (now < m_hintUntil && match().state().movesApplied == m_hintMoves) {
        scene.highlights.insert(scene.highlights.end(), m_hintLit.begin(), m_hintLit.end());
    }
    const TutorialMatch* running = lesson();
    if (running == nullptr) return;
    scene.opponentName = tr("tutorial.opponent");
    scene.statusDetail = trf("tutorial.status", stepTitle(running->course().step()));
    scene.nextGameHint = stepTitle(TutorialStep::Done); // the panel leads on, not N
    // The step's places, unless a card is held: then its legal piles are what the table lights.
    if (scene.drag == nullptr || scene.drag->phase() != DragPhase::Dragging) {
        const std::vector<Place> lit = running->lit();
        scene.highlights.insert(scene.highlights.end(), lit.begin(), lit.end());
    }
}

} // namespace speed::client
