#include "speed/net/LocalAddresses.hpp"

#include <asio/ip/address.hpp>

#include <algorithm>

#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <sys/socket.h>

namespace speed {

bool isShareableAddress(std::string_view text) {
    std::error_code error;
    const asio::ip::address address = asio::ip::make_address(std::string(text), error);
    if (error || address.is_unspecified() || address.is_loopback() || address.is_multicast()) return false;
    if (address.is_v6()) {
        const asio::ip::address_v6 v6 = address.to_v6();
        if (v6.is_link_local() || v6.is_v4_mapped()) return false;
    }
    return true;
}

std::vector<std::string> lanAddresses() {
    ifaddrs* list = nullptr;
    if (::getifaddrs(&list) != 0) return {};
    std::vector<std::string> v4;
    std::vector<std::string> v6;
    for (const ifaddrs* entry = list; entry != nullptr; entry = entry->ifa_next) {
        if (entry->ifa_addr == nullptr || (entry->ifa_flags & IFF_UP) == 0) continue;
        const int family = entry->ifa_addr->sa_family;
        if (family != AF_INET && family != AF_INET6) continue;
        const socklen_t length = family == AF_INET ? sizeof(sockaddr_in) : sizeof(sockaddr_in6);
        char host[NI_MAXHOST];
        if (::getnameinfo(entry->ifa_addr, length, host, sizeof host, nullptr, 0, NI_NUMERICHOST) != 0) continue;
        if (!isShareableAddress(host)) continue;
        std::vector<std::string>& into = family == AF_INET ? v4 : v6;
        if (std::find(into.begin(), into.end(), host) == into.end()) into.emplace_back(host);
    }
    ::freeifaddrs(list);
    v4.insert(v4.end(), v6.begin(), v6.end());
    return v4;
}

} // namespace speed
