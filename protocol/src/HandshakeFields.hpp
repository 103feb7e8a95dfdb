#pragma once

// Reads the fields of HELLO, CHALLENGE, WELCOME, DENY, FIND and HERE after the verb, TIME and SEQ
// (private header of the decoder).
#include "FieldReader.hpp"

#include "speed/protocol/Message.hpp"

namespace speed::protocol::wire {

MessageBody readHello(FieldReader& in);
MessageBody readChallenge(FieldReader& in);
MessageBody readWelcome(FieldReader& in);
MessageBody readDeny(FieldReader& in);
MessageBody readFind(FieldReader& in);
MessageBody readHere(FieldReader& in);

} // namespace speed::protocol::wire
