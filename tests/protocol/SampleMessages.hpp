#pragma once

// One message of every verb and form, for round-trip and fuzz tests.
#include "speed/common/Deal.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/TableView.hpp"

#include <vector>

namespace speed::protocol::test {

// A table for the longest UPDATE: the largest hand allowed, its cards put back on the decks.
inline GameState widestTable() {
    RuleOptions rules;
    rules.handSize = RuleOptions::kMaxHandSize;
    GameState state = deal(rules, 3);
    for (int seat = 0; seat < kSeats; ++seat) {
        for (auto& slot : state.player(seat).hand) {
            if (slot) state.player(seat).deck.push(*slot);
            slot.reset();
        }
    }
    return state;
}

inline std::vector<Message> sampleMessages() {
    GameState dealt = deal(RuleOptions{}, 7);
    dealt.pile(0).push(dealt.player(0).deck.pop());
    dealt.pile(1).push(dealt.player(1).deck.pop());
    dealt.player(1).hand[2].reset();
    const SnapshotHeader header{3, 17, RuleOptions{}, Phase::Play};
    RuleOptions colorsAuto;
    colorsAuto.deal = DealMode::Colors;
    colorsAuto.refill = RefillMode::Auto;
    colorsAuto.handSize = 8;
    colorsAuto.jokers = 0;
    GameState wide = deal(colorsAuto, 9);
    return {
        {12, 1, Hello{kProtocolVersion, "alice"}},
        {34603, 5, Update{false, viewFromSeat(dealt, 0), header}},
        {34604, 6, Update{true, viewFromSeat(dealt, 1), SnapshotHeader{3, 18, RuleOptions{}, Phase::Pause1}}},
        {40, 7, Update{false, viewFromSeat(wide, 1), SnapshotHeader{1, 0, colorsAuto, Phase::SpeedCall}}},
        {41, 8, Update{false, viewFromSeat(GameState{}, 0), SnapshotHeader{2, 4, RuleOptions{}, Phase::Won}}},
        {42, 26, Update{false, viewFromSeat(dealt, 0),
                        SnapshotHeader{3, 19, RuleOptions{}, Phase::Play, 2, Move::play(1, 3, Card::joker(), 0)}}},
        {43, 27, Update{false, viewFromSeat(dealt, 0), SnapshotHeader{3, 20, RuleOptions{}, Phase::Play, 2, Move::refill(0, 7)}}},
        {44, 28, Update{false, viewFromSeat(dealt, 0), SnapshotHeader{3, 21, RuleOptions{}, Phase::SpeedCall, 2, Move::flip()}}},
        {50, 9, MoveRequest{3, 4, MoveKind::Play, 2, Card::of(Suit::Heart, 13), 1}},
        {51, 10, MoveRequest{3, 5, MoveKind::Refill, 3, Card{}, 0}},
        {52, 11, Ok{Subject::Move, 3, 4, 19, AnswerStamps{4'051'230, 4'051'262, 9}}},
        {53, 12, Ok{Subject::Update, 3, 0, 19, AnswerStamps{0, 1, 1}}},
        {54, 13, Ok{Subject::Start, 4, 0, 0, AnswerStamps{999'999'999'999'999, 999'999'999'999'999, 4'294'967'295}}},
        {55, 14, Ok{Subject::Pause, 4, 0, 0, AnswerStamps{12, 13, 2}}},
        {56, 15, Ok{Subject::Resume, 4, 0, 0, AnswerStamps{12, 13, 3}}},
        {57, 16, Ok{Subject::Shutdown, 0, 0, 0}},
        {58, 17, Ng{false, 3, 5, Refusal::NotAdjacent}},
        {59, 18, Ng{true, 0, 0, Refusal::NotPlaying}},
        {60, 19, Pause{3, PauseReason::User}},
        {61, 20, Pause{3, PauseReason::Silent}},
        {62, 21, Resume{3}},
        {63, 22, Start{4}},
        {64, 23, Alive{}},
        {65, 24, Rekey{}},
        {65, 24, Shutdown{"window_closed"}},
        {66, 25, Probe{7, "xxxxxxxx"}},
        {4294967295U, 4294967295U, Echo{4294967295U, "xxxxxxxxx"}},
    };
}

} // namespace speed::protocol::test
