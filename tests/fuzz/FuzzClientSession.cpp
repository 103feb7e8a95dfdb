// The client session after a valid handshake, fed a script of datagrams and events (SessionScript).
#include "SessionScript.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return speed::protocol::fuzz::runScript(speed::protocol::fuzz::Target::Client, data, size);
}
