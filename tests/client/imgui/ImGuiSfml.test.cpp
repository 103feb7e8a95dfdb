#include "speed/imgui/ImGuiSfml.hpp"

#include <catch2/catch.hpp>
#include <imgui.h>

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
