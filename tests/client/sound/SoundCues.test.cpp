#include "sound/SoundCues.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace speed::client::sound;

namespace {

const std::vector<TableSound> kAll{TableSound::PickedUp,         TableSound::Placed,    TableSound::Refilled,
                                   TableSound::Returned,         TableSound::Refused,   TableSound::OpponentPlayed,
                                   TableSound::OpponentRefilled, TableSound::SpeedFlip, TableSound::Dealt,
                                   TableSound::Won,              TableSound::Lost,      TableSound::Drawn};

} // namespace

TEST_CASE("sound cues: each table event makes its effect") {
    CHECK(cueFor(TableSound::PickedUp)->effect == Effect::PickUp);
    CHECK(cueFor(TableSound::Placed)->effect == Effect::Place);
    CHECK(cueFor(TableSound::Refilled)->effect == Effect::Refill);
    CHECK(cueFor(TableSound::Refused)->effect == Effect::Refused);
    CHECK(cueFor(TableSound::OpponentPlayed)->effect == Effect::OpponentPlay);
    CHECK(cueFor(TableSound::OpponentRefilled)->effect == Effect::Refill);
    CHECK(cueFor(TableSound::SpeedFlip)->effect == Effect::Speed);
    CHECK(cueFor(TableSound::Dealt)->effect == Effect::Refill);
    CHECK(cueFor(TableSound::Won)->effect == Effect::Win);
    CHECK(cueFor(TableSound::Lost)->effect == Effect::Lose);
    CHECK_FALSE(cueFor(TableSound::Drawn).has_value());
    for (TableSound sound : kAll) {
        if (const auto cue = cueFor(sound)) {
            CHECK(cue->gain > 0.0f);
            CHECK(cue->gain <= 1.0f);
        }
    }
}

TEST_CASE("sound cues: the other player's moves are quieter than one's own") {
    CHECK(cueFor(TableSound::OpponentPlayed)->gain < cueFor(TableSound::Placed)->gain);
    CHECK(cueFor(TableSound::OpponentRefilled)->gain < cueFor(TableSound::Refilled)->gain);
    CHECK(cueFor(TableSound::OpponentPlayed)->gain <= 0.5f);
}

TEST_CASE("sound cues: five remote plays in one frame are heard once") {
    SoundCues cues;
    for (int i = 0; i < 5; ++i) cues.note(TableSound::OpponentPlayed, 1000);
    const std::vector<Cue> taken = cues.take();
    REQUIRE(taken.size() == 1);
    CHECK(taken[0] == *cueFor(TableSound::OpponentPlayed));
    CHECK(cues.take().empty()); // nothing is played twice
}

TEST_CASE("sound cues: the same effect again within the gap is dropped, after it plays again") {
    SoundCues cues;
    cues.note(TableSound::Placed, 1000);
    CHECK(cues.take().size() == 1);
    cues.note(TableSound::Placed, 1000 + SoundCues::kMinGapMs - 1);
    CHECK(cues.take().empty());
    cues.note(TableSound::Placed, 1000 + SoundCues::kMinGapMs);
    CHECK(cues.take().size() == 1);
}

TEST_CASE("sound cues: different effects in one frame all play, in the order noted") {
    SoundCues cues;
    cues.note(TableSound::PickedUp, 50);
    cues.note(TableSound::OpponentPlayed, 50);
    cues.note(TableSound::Placed, 50);
    cues.note(TableSound::Drawn, 50); // makes no sound
    cues.note(TableSound::Won, 50);
    const std::vector<Cue> taken = cues.take();
    REQUIRE(taken.size() == 4);
    CHECK(taken[0].effect == Effect::PickUp);
    CHECK(taken[1].effect == Effect::OpponentPlay);
    CHECK(taken[2].effect == Effect::Place);
    CHECK(taken[3].effect == Effect::Win);
}

TEST_CASE("sound cues: two events sharing an effect in one frame play once, at the louder gain") {
    SoundCues cues;
    cues.note(TableSound::OpponentRefilled, 10); // quiet
    cues.note(TableSound::Refilled, 10);         // the player's own: louder
    const std::vector<Cue> taken = cues.take();
    REQUIRE(taken.size() == 1);
    CHECK(taken[0].effect == Effect::Refill);
    CHECK(taken[0].gain == cueFor(TableSound::Refilled)->gain);
}

TEST_CASE("sound cues: a clock that starts again (a new match) is not mistaken for a storm") {
    SoundCues cues;
    cues.note(TableSound::Placed, 5000);
    CHECK(cues.take().size() == 1);
    cues.note(TableSound::Placed, 10); // earlier than the last start
    CHECK(cues.take().size() == 1);
}

TEST_CASE("sound cues: a voice's volume is the player's volume times the gain, nothing when muted") {
    const Cue full{Effect::Place, 1.0f};
    const Cue quiet{Effect::OpponentPlay, 0.5f};
    CHECK(voiceVolume(full, 80, false) == Approx(80));
    CHECK(voiceVolume(quiet, 80, false) == Approx(40));
    CHECK(voiceVolume(full, 100, false) == Approx(100));
    CHECK(voiceVolume(full, 0, false) == Approx(0));
    CHECK(voiceVolume(full, 80, true) == Approx(0));
    CHECK(voiceVolume(full, 250, false) == Approx(100)); // out of range is held to 0..100
    CHECK(voiceVolume(full, -5, false) == Approx(0));
}
