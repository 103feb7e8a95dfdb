#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace speed {

// Whether another computer on the LAN could reach this machine at `address` (an IPv4 or IPv6
// address as text): not loopback, unspecified, multicast or IPv6 link-local (which needs an
// interface name the other side cannot guess). False for text that is no address.
bool isShareableAddress(std::string_view address);

// This machine's addresses a friend on the LAN can join, IPv4 first, each once, from the
// interfaces that are up (getifaddrs). Empty when there is none (no network, or only loopback).
std::vector<std::string> lanAddresses();

} // namespace speed
