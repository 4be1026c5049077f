"""The tables' services: every state change happens here, inside one transaction.

`actions` plays hands (player actions, bots, timeouts, the hand's start and
end), `seating` seats and unseats players, `events` versions, stores and
broadcasts what happened, `snapshot` builds what a seat may see.
"""
