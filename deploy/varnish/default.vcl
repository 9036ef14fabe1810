# The reference CDN: Varnish 7.1 (Debian 12's `varnish` package) in front of
# HAProxy (deploy/haproxy.cfg). The test test/deploy/instances.e2e.test.ts runs this
# very file, with the backend's port replaced.
#
#   varnishd -a :6081 -f /etc/varnish/default.vcl -s malloc,256m
#
# It caches what the site says may be shared, for as long as it says, and
# nothing else. The site's headers (src/server/plugins/caching.ts) decide:
#   - Cache-Control: public, s-maxage=N (anonymous pages and reads): stored N
#     seconds (PAGE_MAX_AGE_S), then served stale for stale-while-revalidate
#     while Varnish fetches a fresh copy. Hashed /assets/: a year.
#   - Cache-Control: private, no-store (anything asked with a session), no-store
#     (errors, health), an answer with Set-Cookie, or an answer without
#     Cache-Control: never stored.
#   - Vary: the cache key is Host and URL, plus the request headers the answer's
#     Vary names. Pages vary by Host (a partner's own domain is its own entry)
#     and by Cookie and Authorization (a visitor with a session never gets the
#     anonymous copy, and a session's answer is never stored).
#
# There is deliberately no blanket "pass when the request has a cookie or
# Authorization" (Varnish's built-in rule): the site's Cache-Control and Vary
# already keep personal answers out, and the test checks that they do. Keep
# any rule you add here in step with those headers.
vcl 4.1;

backend site {
    # HAProxy (HAPROXY_BIND in deploy/haproxy.cfg).
    .host = "127.0.0.1";
    .port = "8080";
    .connect_timeout = 5s;
    # Longer than the site's REQUEST_TIMEOUT_MS (30 s).
    .first_byte_timeout = 60s;
    .between_bytes_timeout = 60s;
}

sub vcl_recv {
    # The site chooses the partner by Host, and the cache keys on Host: a
    # client's X-Forwarded-Host must not choose another partner's page.
    unset req.http.X-Forwarded-Host;
    # Varnish's own rules: Host lowercased (400 without one); only GET and HEAD
    # are looked up in the cache, every other method goes to the site.
    call vcl_req_host;
    call vcl_req_method;
    # Of the cookies, only the session (`sid`) changes an answer; the others
    # (consent, analytics) are read by the browser alone. Dropping them keeps
    # Vary: Cookie from giving every visitor a cache entry of their own.
    if (req.http.Cookie) {
        set req.http.Cookie = ";" + req.http.Cookie;
        set req.http.Cookie = regsuball(req.http.Cookie, "; +", ";");
        set req.http.Cookie = regsuball(req.http.Cookie, ";(sid)=", "; \1=");
        set req.http.Cookie = regsuball(req.http.Cookie, ";[^ ][^;]*", "");
        set req.http.Cookie = regsuball(req.http.Cookie, "^[; ]+|[; ]+$", "");
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
    }
    return (hash);
}

sub vcl_backend_response {
    # An answer that does not say it may be shared is not (Varnish would
    # otherwise keep it for default_ttl). Marked hit-for-miss, as Varnish does
    # with private answers, so requests for it are not queued behind each other.
    if (!beresp.http.Cache-Control && !beresp.http.Expires) {
        set beresp.ttl = 120s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Then Varnish's built-in rules: private, no-store, no-cache, Set-Cookie or
    # Vary: * are never stored; s-maxage sets the time to live.
}

sub vcl_deliver {
    # Whether this answer came from the cache: HIT, MISS, or PASS (not storable).
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
