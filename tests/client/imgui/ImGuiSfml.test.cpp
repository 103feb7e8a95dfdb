#include "speed/imgui/ImGuiSfml.hpp"

#include <catch2/catch.hpp>
#include <imgui.h>

#include <vector>

using speed::ui::configureKeyMap;
using speed::ui::feedEvent;

namespace {

// A bare ImGui context: enough to test input mapping without a window or GL.
struct Context {
    Context() : context(ImGui::CreateContext()) { configureKeyMap(ImGui::GetIO()); }
    ~Context() { ImGui::DestroyContext(context); }
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;
    ImGuiContext* context;
};

sf::Event mouseButton(sf::Event::EventType type, sf::Mouse::Button button, int x, int y) {
    sf::Event event{};
    event.type = type;
    event.mouseButton = {button, x, y};
    return event;
}

sf::Event key(sf::Event::EventType type, sf::Keyboard::Key code, bool control = false, bool shift = false) {
    sf::Event event{};
    event.type = type;
    event.key = {code, false, control, shift, false};
    return event;
}

// One frame's start as ImGuiLayer does it, NewFrame replaced by a copy of what it would read:
// whether `code` is down, the mouse's first button, the characters typed.
struct Seen {
    bool keyDown = false;
    bool buttonDown = false;
    int characters = 0;
};
Seen frame(speed::ui::InputFeed& input, ImGuiIO& io, sf::Keyboard::Key code = sf::Keyboard::Space) {
    input.frameStarting(io);
    const Seen seen{io.KeysDown[code], io.MouseDown[0], io.InputQueueCharacters.Size};
    io.InputQueueCharacters.resize(0); // the frame took them
    input.frameStarted();
    return seen;
}

} // namespace

TEST_CASE("mouse moves and buttons reach ImGui", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    sf::Event move{};
    move.type = sf::Event::MouseMoved;
    move.mouseMove = {120, 45};
    CHECK(feedEvent(io, move));
    CHECK(io.MousePos.x == 120.0f);
    CHECK(io.MousePos.y == 45.0f);

    CHECK(feedEvent(io, mouseButton(sf::Event::MouseButtonPressed, sf::Mouse::Left, 7, 9)));
    CHECK(io.MouseDown[0]);
    CHECK(io.MousePos.x == 7.0f);
    CHECK(feedEvent(io, mouseButton(sf::Event::MouseButtonPressed, sf::Mouse::Right, 7, 9)));
    CHECK(io.MouseDown[1]);
    CHECK(feedEvent(io, mouseButton(sf::Event::MouseButtonReleased, sf::Mouse::Left, 8, 9)));
    CHECK_FALSE(io.MouseDown[0]);
    CHECK(io.MouseDown[1]);
    CHECK(feedEvent(io, mouseButton(sf::Event::MouseButtonPressed, sf::Mouse::Middle, 0, 0)));
    CHECK(io.MouseDown[2]);
}

TEST_CASE("the wheel scrolls vertically and horizontally", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    sf::Event wheel{};
    wheel.type = sf::Event::MouseWheelScrolled;
    wheel.mouseWheelScroll = {sf::Mouse::VerticalWheel, -2.0f, 0, 0};
    CHECK(feedEvent(io, wheel));
    CHECK(io.MouseWheel == -2.0f);
    wheel.mouseWheelScroll = {sf::Mouse::HorizontalWheel, 1.0f, 0, 0};
    CHECK(feedEvent(io, wheel));
    CHECK(io.MouseWheelH == 1.0f);
}

TEST_CASE("keys, modifiers and the key map line up", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    CHECK(io.KeyMap[ImGuiKey_Backspace] == sf::Keyboard::Backspace);
    CHECK(io.KeyMap[ImGuiKey_Enter] == sf::Keyboard::Enter);
    CHECK(feedEvent(io, key(sf::Event::KeyPressed, sf::Keyboard::Backspace)));
    CHECK(io.KeysDown[io.KeyMap[ImGuiKey_Backspace]]);
    CHECK(feedEvent(io, key(sf::Event::KeyPressed, sf::Keyboard::C, true, true)));
    CHECK(io.KeyCtrl);
    CHECK(io.KeyShift);
    CHECK(feedEvent(io, key(sf::Event::KeyReleased, sf::Keyboard::Backspace)));
    CHECK_FALSE(io.KeysDown[sf::Keyboard::Backspace]);
    CHECK_FALSE(io.KeyCtrl);
    CHECK(feedEvent(io, key(sf::Event::KeyPressed, sf::Keyboard::Unknown))); // ignored safely, no index -1
}

TEST_CASE("typed text reaches ImGui but control characters do not", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    sf::Event text{};
    text.type = sf::Event::TextEntered;
    text.text.unicode = 'p';
    CHECK(feedEvent(io, text));
    text.text.unicode = 0x3042; // あ
    CHECK(feedEvent(io, text));
    text.text.unicode = '\b';
    CHECK_FALSE(feedEvent(io, text));
    REQUIRE(io.InputQueueCharacters.Size == 2);
    CHECK(io.InputQueueCharacters[0] == 'p');
    CHECK(io.InputQueueCharacters[1] == 0x3042);
}

TEST_CASE("resizing the window resizes ImGui's display; other events are not input", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    sf::Event resized{};
    resized.type = sf::Event::Resized;
    resized.size = {1024, 700};
    CHECK(feedEvent(io, resized));
    CHECK(io.DisplaySize.x == 1024.0f);
    CHECK(io.DisplaySize.y == 700.0f);
    sf::Event closed{};
    closed.type = sf::Event::Closed;
    CHECK_FALSE(feedEvent(io, closed));
}

TEST_CASE("a key tapped between two frames is seen down by the next frame, then up", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    speed::ui::InputFeed input;
    CHECK(input.feed(io, key(sf::Event::KeyPressed, sf::Keyboard::Space)));
    CHECK(input.feed(io, key(sf::Event::KeyReleased, sf::Keyboard::Space)));
    CHECK(input.waiting());
    CHECK(frame(input, io).keyDown); // the first frame sees it pressed
    CHECK(input.waiting());
    CHECK_FALSE(frame(input, io).keyDown); // the next released
    CHECK_FALSE(input.waiting());
    // Pressed before a frame, released after it: released at once.
    CHECK(input.feed(io, key(sf::Event::KeyPressed, sf::Keyboard::A)));
    CHECK(frame(input, io, sf::Keyboard::A).keyDown);
    CHECK(input.feed(io, key(sf::Event::KeyReleased, sf::Keyboard::A)));
    CHECK_FALSE(io.KeysDown[sf::Keyboard::A]);
    CHECK_FALSE(input.waiting());
}

TEST_CASE("two taps of a key between two frames are two presses", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    speed::ui::InputFeed input;
    for (int i = 0; i < 2; ++i) {
        input.feed(io, key(sf::Event::KeyPressed, sf::Keyboard::Backspace));
        input.feed(io, key(sf::Event::KeyReleased, sf::Keyboard::Backspace));
    }
    int presses = 0;
    bool wasDown = false;
    for (int i = 0; i < 6; ++i) {
        const bool down = frame(input, io, sf::Keyboard::Backspace).keyDown;
        presses += down && !wasDown ? 1 : 0;
        wasDown = down;
    }
    CHECK(presses == 2);
    CHECK_FALSE(wasDown);
    CHECK_FALSE(input.waiting());
}

TEST_CASE("typed text stays behind the keys before it, and keys keep their modifiers", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    speed::ui::InputFeed input;
    // A BackSpace tapped twice, then an m: the m reaches the frame after the second BackSpace.
    for (int i = 0; i < 2; ++i) {
        input.feed(io, key(sf::Event::KeyPressed, sf::Keyboard::Backspace, true));
        input.feed(io, key(sf::Event::KeyReleased, sf::Keyboard::Backspace, true));
    }
    sf::Event text{};
    text.type = sf::Event::TextEntered;
    text.text.unicode = 'm';
    CHECK(input.feed(io, text));
    std::vector<Seen> frames;
    for (int i = 0; i < 5; ++i) {
        frames.push_back(frame(input, io, sf::Keyboard::Backspace));
        if (frames.back().keyDown) CHECK(io.KeyCtrl);
    }
    CHECK(frames[0].keyDown);
    CHECK_FALSE(frames[1].keyDown);
    CHECK(frames[2].keyDown);
    CHECK(frames[2].characters == 0);
    CHECK(frames[3].characters == 1); // with the second release, after the second press
    CHECK_FALSE(input.waiting());
    sf::Event closed{};
    closed.type = sf::Event::Closed;
    CHECK_FALSE(input.feed(io, closed)); // not input
}

TEST_CASE("a click between two frames is seen down by the next frame, then up", "[imgui]") {
    Context context;
    ImGuiIO& io = ImGui::GetIO();
    speed::ui::InputFeed input;
    CHECK(input.feed(io, mouseButton(sf::Event::MouseButtonPressed, sf::Mouse::Left, 10, 20)));
    CHECK(input.feed(io, mouseButton(sf::Event::MouseButtonReleased, sf::Mouse::Left, 11, 21)));
    CHECK(frame(input, io).buttonDown);
    CHECK(io.MousePos.x == 10.0f);
    CHECK_FALSE(frame(input, io).buttonDown);
    CHECK(io.MousePos.x == 11.0f);
    // Without a feed that waits, the same click is never down at a frame: what this prevents.
    CHECK(feedEvent(io, mouseButton(sf::Event::MouseButtonPressed, sf::Mouse::Left, 10, 20)));
    CHECK(feedEvent(io, mouseButton(sf::Event::MouseButtonReleased, sf::Mouse::Left, 10, 20)));
    CHECK_FALSE(io.MouseDown[0]);
}

TEST_CASE("a frame of the menus differs from the last one only where a window appeared, went or changed", "[imgui]") {
    using Area = speed::ui::ImGuiLayer::DrawnArea;
    const Area menuBar{{0, 0, 800, 20}, 1};
    const Area logPane{{560, 20, 240, 500}, 2};
    const Area popup{{0, 20, 180, 140}, 3};
    const auto changed = speed::ui::ImGuiLayer::changedBoxes;

    CHECK(changed({menuBar, logPane}, {menuBar, logPane}).empty()); // drawn alike: nothing to draw anew
    CHECK(changed({menuBar, logPane}, {logPane, menuBar}).empty()); // the order of the lists does not matter

    const Area hovered{menuBar.box, 7}; // an item lit under the pointer: the same box, other pixels
    CHECK(changed({menuBar, logPane}, {hovered, logPane}) == std::vector<sf::FloatRect>{menuBar.box, hovered.box});

    CHECK(changed({menuBar}, {menuBar, popup}) == std::vector<sf::FloatRect>{popup.box}); // a menu opened
    CHECK(changed({menuBar, popup}, {menuBar}) == std::vector<sf::FloatRect>{popup.box}); // ... and closed: where it was

    const Area moved{{20, 40, 180, 140}, 3}; // the same window dragged: where it was and where it is
    CHECK(changed({popup}, {moved}) == std::vector<sf::FloatRect>{popup.box, moved.box});
}
